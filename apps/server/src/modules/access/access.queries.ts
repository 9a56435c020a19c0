import type { Database } from '../../db/client';
import { accessRequests } from '../../db/schema';

export function countAccessRequests(db: Database): Promise<number> {
  return db.$count(accessRequests);
}
