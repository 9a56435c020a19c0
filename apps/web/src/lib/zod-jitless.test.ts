import { describe, expect, it } from 'vitest';

describe('zod-jitless', () => {
  it('makes zod parse without compiling code, set before zod loads', async () => {
    await import('./zod-jitless');
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
  });
});
