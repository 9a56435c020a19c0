/**
 * A clock a test moves by hand (createTestApp's rateLimitClock): a sign-in backoff of 1 s is then
 * waited out by moving the clock, and a refusal cannot turn into a pass because the machine stalled
 * for a second between two requests.
 */
export interface TestClock {
  /** The clock's time; it stands still until `advance`. */
  now: () => Date;
  advance(ms: number): void;
}

export function testClock(start = Date.now()): TestClock {
  let at = start;
  return {
    now: () => new Date(at),
    advance(ms) {
      at += ms;
    },
  };
}
