/**
 * The brand dashboard's reads (SPEC.md §2 Brand Dashboard): campaigns, submissions, transactions and
 * performance, each limited by campaigns.policy to the caller's own brand (every brand for an
 * admin). The money actions are in campaigns.service.ts.
 */
import type { Database } from '../../db/client';
import { type Actor, authorize } from '../../platform/policy';
import { brandScope, mayUseBrandArea } from './campaigns.policy';
import { listBrandCampaigns } from './campaigns.queries';
import { listBrandSubmissions, listBrandTransactions } from './listings.service';
import { brandPerformance } from './performance.queries';

export async function brandCampaigns(db: Database, actor: Actor) {
  authorize(mayUseBrandArea(actor));
  return { campaigns: await listBrandCampaigns(db, brandScope(actor)) };
}

export async function brandSubmissions(db: Database, actor: Actor) {
  authorize(mayUseBrandArea(actor));
  return { submissions: await listBrandSubmissions(db, brandScope(actor)) };
}

export async function brandTransactions(db: Database, actor: Actor) {
  authorize(mayUseBrandArea(actor));
  return { transactions: await listBrandTransactions(db, brandScope(actor)) };
}

export function brandPerformanceFor(db: Database, actor: Actor, days: number) {
  authorize(mayUseBrandArea(actor));
  return brandPerformance(db, brandScope(actor), days);
}
