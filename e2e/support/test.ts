/**
 * The journeys' `test`: Playwright's, with a guard that fails a test on any console error, uncaught
 * page error or CSP violation in any page it opens: every page of the default
 * context, and of every context the test makes with browser.newContext() or browser.newPage().
 * Noise that is expected is allow-listed below with its reason, or by a test for itself with
 * `test.use({ consoleAllow: [...] })`.
 */
import {
  type Browser,
  type BrowserContext,
  test as base,
  type ConsoleMessage,
  expect,
} from '@playwright/test';

// Everything else of Playwright's, so a journey imports from here alone.
export * from '@playwright/test';
export { expect };

export interface ConsoleAllowance {
  /** Matched against the whole report: "console error: <text> (<url>)" and the like. */
  pattern: RegExp;
  /** Why this is not a defect. Required: nothing is allowed without one. */
  reason: string;
}

/**
 * Allowed in every journey. Keep it short: each entry hides a class of messages.
 */
export const KNOWN_NOISE: readonly ConsoleAllowance[] = [
  {
    // Chromium logs every HTTP error answer to a fetch as a console error. The app expects and
    // handles these answers (a wrong password's 401, a signed-out visitor's refresh 401, a
    // validation 400/409/422, a rate limit's 429, a 404 the screen shows as such); the journeys
    // assert what the screen says. Server errors (5xx) stay errors.
    pattern: /Failed to load resource: the server responded with a status of 4\d\d\b/,
    reason: 'an API error answer the screen handles; 5xx answers are not allowed',
  },
  {
    // e2e/oidc.spec.ts signs in at a local test identity provider (oidc-provider) whose own
    // sign-in page links Roboto from Google Fonts; this machine has no way out. Not our page: the
    // app's CSP allows no font or style from another origin.
    pattern:
      /Failed to load resource: net::ERR_NAME_NOT_RESOLVED \(https:\/\/fonts\.googleapis\.com\//,
    reason: "the test identity provider's own page asks for Google Fonts, offline here",
  },
];

/** Turns each CSP violation into a console error the guard hears, with what was blocked. */
const CSP_LISTENER = `document.addEventListener('securitypolicyviolation', (event) => {
  console.error('[securitypolicyviolation] ' + event.effectiveDirective + ' blocked ' +
    (event.blockedURI || 'inline') + ' at ' + event.sourceFile + ':' + event.lineNumber +
    (event.sample ? ' sample: ' + event.sample : ''));
});`;

function describeMessage(message: ConsoleMessage): string {
  const where = message.location();
  const at = where.url ? ` (${where.url}:${where.lineNumber})` : '';
  return `console error: ${message.text()}${at}`;
}

/** Collects the reports of a context's pages. */
async function watch(context: BrowserContext, reports: string[]): Promise<void> {
  await context.addInitScript({ content: CSP_LISTENER });
  context.on('console', (message) => {
    if (message.type() === 'error') reports.push(describeMessage(message));
  });
  context.on('weberror', (error) => {
    const thrown = error.error();
    reports.push(`page error: ${thrown.message}${thrown.stack ? `\n${thrown.stack}` : ''}`);
  });
}

/** While a test runs, every context made through `browser` is watched too. */
function watchNewContexts(browser: Browser, reports: string[]): () => void {
  const newContext = browser.newContext;
  const newPage = browser.newPage;
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await newContext.apply(browser, args);
    await watch(context, reports);
    return context;
  };
  browser.newPage = async (...args: Parameters<Browser['newPage']>) => {
    const context = await browser.newContext(...args);
    const page = await context.newPage();
    // As browser.newPage's own page: closing the page closes its context.
    page.on('close', () => void context.close());
    return page;
  };
  return () => {
    browser.newContext = newContext;
    browser.newPage = newPage;
  };
}

/** The reports no allowance covers. */
export function unexpected(
  reports: readonly string[],
  allowances: readonly ConsoleAllowance[],
): string[] {
  return reports.filter((report) => !allowances.some(({ pattern }) => pattern.test(report)));
}

export const test = base.extend<{
  /** Further allowances for one test or file, each with its reason. */
  consoleAllow: ConsoleAllowance[];
  /** What the test's pages reported: console errors, page errors, CSP violations. */
  consoleReports: string[];
  consoleGuard: undefined;
}>({
  consoleAllow: [[], { option: true }],
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  consoleReports: async ({}, use) => {
    await use([]);
  },
  context: async ({ context, consoleReports }, use) => {
    await watch(context, consoleReports);
    await use(context);
  },
  consoleGuard: [
    async ({ browser, context: _context, consoleReports, consoleAllow }, use, testInfo) => {
      const restore = watchNewContexts(browser, consoleReports);
      try {
        await use(undefined);
      } finally {
        restore();
      }
      if (consoleReports.length > 0) {
        await testInfo.attach('console', {
          body: consoleReports.join('\n\n'),
          contentType: 'text/plain',
        });
      }
      const left = unexpected(consoleReports, [...KNOWN_NOISE, ...consoleAllow]);
      expect(left, 'console errors, page errors or CSP violations').toEqual([]);
    },
    { auto: true },
  ],
});
