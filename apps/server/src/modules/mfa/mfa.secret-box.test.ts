import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox, SecretBoxError } from './mfa.secret-box';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const OWNER = '5f0c8a5e-8a5e-4c1e-9b1e-0c8a5e8a5e4c';

describe('secret box', () => {
  it('keeps secrets as plain: text without a key, and reads them back', () => {
    const box = createSecretBox(undefined);
    expect(box.seal(SECRET, OWNER)).toBe(`plain:${SECRET}`);
    expect(box.open(`plain:${SECRET}`, OWNER)).toBe(SECRET);
  });

  it('seals with AES-256-GCM under a key: v1:, a fresh IV each time, the secret unreadable', () => {
    const box = createSecretBox(randomBytes(32));
    const first = box.seal(SECRET, OWNER);
    const second = box.seal(SECRET, OWNER);
    expect(first).toMatch(/^v1:[A-Za-z0-9+/]+=*$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain(SECRET);
    expect(box.open(first, OWNER)).toBe(SECRET);
  });

  it('still reads plain secrets stored before the key was set', () => {
    expect(createSecretBox(randomBytes(32)).open(`plain:${SECRET}`, OWNER)).toBe(SECRET);
  });

  it('refuses a tampered secret, another key, another owner, or no key', () => {
    const key = randomBytes(32);
    const sealed = createSecretBox(key).seal(SECRET, OWNER);
    const bytes = Buffer.from(sealed.slice(3), 'base64');
    bytes[bytes.length - 1] = (bytes.at(-1) ?? 0) ^ 1;
    const tampered = `v1:${bytes.toString('base64')}`;
    expect(() => createSecretBox(key).open(tampered, OWNER)).toThrow(SecretBoxError);
    expect(() => createSecretBox(randomBytes(32)).open(sealed, OWNER)).toThrow(SecretBoxError);
    expect(() => createSecretBox(key).open(sealed, 'someone-else')).toThrow(SecretBoxError);
    expect(() => createSecretBox(undefined).open(sealed, OWNER)).toThrow(/ENCRYPTION_KEY/);
  });

  it('refuses a key of the wrong size', () => {
    expect(() => createSecretBox(randomBytes(16))).toThrow(SecretBoxError);
  });
});
