import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { matchTotp, newTotpSecret, TOTP_PERIOD_SECONDS } from './mfa.totp';

const NOW = 1_800_000_015;
const STEP = Math.floor(NOW / TOTP_PERIOD_SECONDS);

async function codeAt(secret: string, steps: number): Promise<string> {
  return generate({ secret, epoch: NOW + steps * TOTP_PERIOD_SECONDS });
}

describe('matchTotp', () => {
  it('accepts the current code and one step either side, naming the step', async () => {
    const secret = newTotpSecret();
    expect(await matchTotp(secret, await codeAt(secret, 0), NOW)).toBe(STEP);
    expect(await matchTotp(secret, await codeAt(secret, -1), NOW)).toBe(STEP - 1);
    expect(await matchTotp(secret, await codeAt(secret, 1), NOW)).toBe(STEP + 1);
  });

  it('refuses codes two steps away, and malformed ones', async () => {
    const secret = newTotpSecret();
    const near = new Set(await Promise.all([-1, 0, 1].map((steps) => codeAt(secret, steps))));
    for (const steps of [-2, 2]) {
      const code = await codeAt(secret, steps);
      if (!near.has(code)) expect(await matchTotp(secret, code, NOW)).toBeNull();
    }
    expect(await matchTotp(secret, 'abcdef', NOW)).toBeNull();
    expect(await matchTotp(secret, '12345', NOW)).toBeNull();
  });

  it('makes 160-bit base32 secrets', () => {
    expect(newTotpSecret()).toMatch(/^[A-Z2-7]{32}$/);
  });
});
