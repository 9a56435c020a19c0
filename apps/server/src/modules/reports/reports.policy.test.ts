import { REPORT_OUTCOMES } from '@adreel/domain';
import { describe, expect, it } from 'vitest';
import { ACTORS, expectations } from '../../../test/support/actors';
import { canDecideReport, mayReviewReports } from './reports.policy';

describe('mayReviewReports', () => {
  it.each(expectations(['admin']))('%s: %s', (who, allowed) => {
    expect(mayReviewReports(ACTORS[who])).toBe(allowed);
  });
});

describe('canDecideReport', () => {
  it.each(REPORT_OUTCOMES)('a %s report', (status) => {
    expect(canDecideReport({ status })).toBe(status === 'open');
  });
});
