// Sums the JSON reports of Vitest and Playwright into one closing line: "N passed, N failed".
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] ?? 'test-results';
let passed = 0;
let failed = 0;
let skipped = 0;
const rows = [];

for (const file of existsSync(dir)
  ? readdirSync(dir)
      .filter((f) => /^(vitest.*|e2e)\.json$/.test(f))
      .sort()
  : []) {
  const report = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  let p = 0;
  let f = 0;
  let s = 0;
  if (report.stats && 'expected' in report.stats) {
    // Playwright: a flaky test passed on retry.
    p = report.stats.expected + report.stats.flaky;
    f = report.stats.unexpected;
    s = report.stats.skipped;
  } else {
    p = report.numPassedTests ?? 0;
    f = (report.numFailedTests ?? 0) + (report.success === false && !report.numFailedTests ? 1 : 0);
    s = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  }
  rows.push(`  ${file.padEnd(28)} ${p} passed, ${f} failed, ${s} skipped`);
  passed += p;
  failed += f;
  skipped += s;
}

console.log(rows.join('\n'));
if (passed + failed === 0) {
  console.log('0 passed, 1 failed');
  console.error('No test report was found: nothing was tested.');
  process.exit(1);
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
