/**
 * A read model the campaigns module publishes for other modules' queries (decision 028): each
 * video's campaign entry and where it stands. The videos module joins it so that My Videos says
 * what Earnings says of the same entry (issue 18: a brand-rejected entry read "Pending" there and
 * "Not selected" here). A video enters at most one campaign (submissions.video_id is unique).
 */
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { submissions } from '../../db/schema/submissions';

export const videoEntriesView = new QueryBuilder()
  .select({ videoId: submissions.videoId, status: submissions.status })
  .from(submissions)
  .as('video_entries');
