/**
 * Who may do what to which report (decision 029; SPEC.md §2 Admin Dashboard Reports, §6). Filing a
 * report is the engagement module's; deciding one is here.
 */
import type { ReportOutcome } from '@adreel/domain';
import { type Actor, inArea } from '../../platform/policy';

/** The Reports tab, its decisions and the admin tab counts: admins only. */
export function mayReviewReports(actor: Actor | null): boolean {
  return inArea(actor, 'admin');
}

/** Only an open report can be dismissed or acted on: a closed one's reporter was already told. */
export function canDecideReport(report: { status: ReportOutcome }): boolean {
  return report.status === 'open';
}
