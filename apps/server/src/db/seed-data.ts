/**
 * The demo content: one account per role, a few more creators, and SPEC.md's four sample briefs as
 * real open campaigns of the demo brand (DESIGN.md §3). Addresses use the reserved .test domain
 * (RFC 2606), so no demo mail can reach a real inbox.
 */
import type { Role } from '@adreel/domain/roles';

/** Printed at start-up and in the README: anyone may know it, which is why production never seeds. */
export const DEMO_PASSWORD = 'adreel-demo';

export interface DemoPerson {
  email: string;
  username: string;
  displayName: string;
}

/** One sign-in per role. The admin's existence marks "the demo is seeded". */
export const DEMO_ROLE_ACCOUNTS = {
  admin: { email: 'admin@adreel.test', username: 'demo_admin', displayName: 'Ada Admin' },
  brand: { email: 'brand@adreel.test', username: 'demo_brand', displayName: 'Northwind Brands' },
  creator: { email: 'creator@adreel.test', username: 'demo_creator', displayName: 'Cleo Creator' },
  viewer: { email: 'viewer@adreel.test', username: 'demo_viewer', displayName: 'Victor Viewer' },
} as const satisfies Record<Role, DemoPerson>;

/** More creators, so leaderboards and the brand's submissions have more than one face. */
export const DEMO_EXTRA_CREATORS: readonly DemoPerson[] = [
  { email: 'mia@adreel.test', username: 'mia_makes', displayName: 'Mia Moreno' },
  { email: 'leo@adreel.test', username: 'leo_frames', displayName: 'Leo Okafor' },
  { email: 'sofia@adreel.test', username: 'sofia_shoots', displayName: 'Sofia Lind' },
];

export interface DemoBrief {
  title: string;
  description: string;
  tags: string[];
  budgetTotalCents: number;
  payoutPerVideoCents: number;
  /** Days from the seeding day, so the briefs stay open whenever the demo is (re)seeded. */
  deadlineInDays: number;
}

export const DEMO_BRIEFS: readonly DemoBrief[] = [
  {
    title: 'First Steps in the Aero Runner',
    description:
      'Stride Athletics is launching the Aero Runner. Show the first five minutes of a run in a new pair: lacing up, the first stride, the city waking up. Vertical, upbeat, no voice-over needed.',
    tags: ['sneakers', 'launch', 'fitness'],
    budgetTotalCents: 500_000,
    payoutPerVideoCents: 25_000,
    deadlineInDays: 30,
  },
  {
    title: 'My Morning Ritual',
    description:
      'Ember & Bean roasts small-batch coffee. Film your morning ritual around the first cup, from grinder to first sip, in under 30 seconds. Warm light, real kitchens, real mornings.',
    tags: ['coffee', 'lifestyle', 'morning'],
    budgetTotalCents: 200_000,
    payoutPerVideoCents: 10_000,
    deadlineInDays: 21,
  },
  {
    title: 'Split the Bill, Not the Friendship',
    description:
      'Pocketly makes splitting costs with friends painless. Act out a dinner, a trip or a shared flat where Pocketly settles who owes what in one tap. Keep it funny and keep figures fictional.',
    tags: ['fintech', 'app', 'comedy'],
    budgetTotalCents: 800_000,
    payoutPerVideoCents: 40_000,
    deadlineInDays: 45,
  },
  {
    title: 'Refill, Not Landfill',
    description:
      'Tidewater Bottles make an insulated travel bottle that lasts a lifetime. Show it on the move: a trail, a train, a festival. End on a refill from a fountain. Disclose the partnership on screen.',
    tags: ['sustainability', 'travel', 'outdoors'],
    budgetTotalCents: 300_000,
    payoutPerVideoCents: 15_000,
    deadlineInDays: 14,
  },
];
