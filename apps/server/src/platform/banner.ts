import type { DemoAccount } from '../db/seed';

/** Prints where the app runs and the demo sign-in details, as a block a person can read. */
export function printDemoAccounts(accounts: readonly DemoAccount[], publicUrl: string): void {
  const width = Math.max(...accounts.map((account) => account.email.length));
  const lines = [
    '',
    `  Adreel is running at ${publicUrl}`,
    '',
    '  Demo accounts (development data; never seeded in production unless SEED_DEMO=true):',
    ...accounts.map(
      (account) =>
        `    ${account.role.padEnd(8)} ${account.email.padEnd(width)}  password: ${account.password}`,
    ),
    '',
  ];
  console.log(lines.join('\n'));
}
