import { describe, expect, it } from 'vitest';
import { auditQuerySchema } from './audit-api';

describe('audit query dates', () => {
  it('refuses year 0000, which PostgreSQL cannot hold (a 500 the fuzz tests found)', () => {
    const result = auditQuerySchema.safeParse({ from: '0000-02-29' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Use a date like 2026-01-31');
    expect(auditQuerySchema.safeParse({ to: '0000-01-01' }).success).toBe(false);
  });

  it('takes any other calendar day', () => {
    expect(auditQuerySchema.safeParse({ from: '0001-01-01', to: '2026-01-31' }).success).toBe(true);
  });
});
