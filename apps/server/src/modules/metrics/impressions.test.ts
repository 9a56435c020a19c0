import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hmacSha256 } from './impressions';

describe('hmacSha256', () => {
  it('is HMAC-SHA256 (RFC 4231 test case 2, and random keys against node:crypto)', () => {
    const jefe = hmacSha256(Buffer.from('Jefe'))('what do ya want for nothing?');
    expect(jefe.toString('hex')).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
    for (const length of [1, 16, 32, 64]) {
      const key = randomBytes(length);
      const message = `imp1\n${randomBytes(8).toString('hex')}\nd:é\n${Date.now()}`;
      expect(hmacSha256(key)(message)).toEqual(createHmac('sha256', key).update(message).digest());
    }
  });
});
