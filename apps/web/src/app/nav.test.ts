import type { Role } from '@adreel/domain';
import { describe, expect, it } from 'vitest';
import { drawerSectionsFor, tabsFor } from './nav';

const titles = (roles: Role[] | null) => drawerSectionsFor(roles).map((s) => s.title);
const labels = (roles: Role[] | null) => tabsFor(roles).map((t) => t.label);

describe('drawer sections', () => {
  it('shows a signed-out visitor only Public and Leaderboards', () => {
    expect(titles(null)).toEqual(['Public', 'Leaderboards']);
  });

  it('shows a viewer only Public and Leaderboards', () => {
    expect(titles(['viewer'])).toEqual(['Public', 'Leaderboards']);
  });

  it('adds the Creator section for a creator', () => {
    expect(titles(['creator'])).toEqual(['Public', 'Leaderboards', 'Creator']);
  });

  it('adds the Brand section for a brand', () => {
    expect(titles(['brand'])).toEqual(['Public', 'Leaderboards', 'Brand']);
  });

  it('gives an admin the Creator, Brand and Admin sections', () => {
    expect(titles(['admin'])).toEqual(['Public', 'Leaderboards', 'Creator', 'Brand', 'Admin']);
  });

  it('combines the sections of every role a user holds', () => {
    expect(titles(['creator', 'brand'])).toEqual(['Public', 'Leaderboards', 'Creator', 'Brand']);
  });

  it('lists the links of SPEC.md in order, with their paths', () => {
    const links = drawerSectionsFor(['admin']).map((s) => s.items.map((i) => `${i.label} ${i.to}`));
    expect(links).toEqual([
      ['Home /', 'Feed /feed', 'Briefs /briefs', 'Guidelines /guidelines'],
      ['Videos /leaderboard/videos', 'Creators /leaderboard/creators'],
      [
        'Creator Home /creator/home',
        'Upload Video /creator/upload',
        'My Videos /creator/videos',
        'Earnings /creator/earnings',
      ],
      ['Brand Dashboard /brand/dashboard'],
      [
        'Admin Dashboard /admin',
        'Invites /admin/invites',
        'Whitelist /admin/whitelist',
        'Outbox /admin/outbox',
        'Failed jobs /admin/jobs',
        'Audit log /admin/audit',
      ],
    ]);
  });
});

describe('bottom tabs', () => {
  it('gives a creator Feed, Upload, My Videos, Profile', () => {
    expect(labels(['creator'])).toEqual(['Feed', 'Upload', 'My Videos', 'Profile']);
    expect(tabsFor(['creator']).map((t) => t.to)).toEqual([
      '/feed',
      '/creator/upload',
      '/creator/videos',
      '/profile',
    ]);
  });

  it('gives a brand Feed, Dashboard, Briefs, Profile', () => {
    expect(labels(['brand'])).toEqual(['Feed', 'Dashboard', 'Briefs', 'Profile']);
    expect(tabsFor(['brand'])[1]?.to).toBe('/brand/dashboard');
  });

  it('gives an admin Feed, Admin, Briefs, Profile', () => {
    expect(labels(['admin'])).toEqual(['Feed', 'Admin', 'Briefs', 'Profile']);
    expect(tabsFor(['admin'])[1]?.to).toBe('/admin');
  });

  it('gives a viewer and a signed-out visitor Feed, Briefs, Profile', () => {
    expect(labels(['viewer'])).toEqual(['Feed', 'Briefs', 'Profile']);
    expect(labels([])).toEqual(['Feed', 'Briefs', 'Profile']);
    expect(labels(null)).toEqual(['Feed', 'Briefs', 'Profile']);
  });

  it('follows role precedence when a user holds several roles', () => {
    expect(labels(['creator', 'admin'])).toEqual(['Feed', 'Admin', 'Briefs', 'Profile']);
    expect(labels(['creator', 'brand'])).toEqual(['Feed', 'Dashboard', 'Briefs', 'Profile']);
  });
});
