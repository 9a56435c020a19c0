import { AREA_ROLES, hasAnyRole, primaryRole, type Role, SCREEN_TITLES } from '@adreel/domain';
import {
  BookOpen,
  ChartColumn,
  CirclePlay,
  Clapperboard,
  History,
  House,
  LayoutDashboard,
  ListChecks,
  type LucideIcon,
  Mail,
  Megaphone,
  ShieldCheck,
  Ticket,
  TriangleAlert,
  Trophy,
  Upload,
  UserRound,
  UsersRound,
  Wallet,
} from 'lucide-react';

/**
 * Navigation of SPEC.md §2 "Navigation" as data: the drawer's sections and the bottom tab bar, by the
 * roles a visitor holds. `null` means signed out.
 */

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
}

export interface NavSection {
  id: 'public' | 'leaderboards' | 'creator' | 'brand' | 'admin';
  title: string;
  items: NavItem[];
}

const feed: NavItem = { label: 'Feed', to: '/feed', icon: CirclePlay };
const briefs: NavItem = { label: 'Briefs', to: '/briefs', icon: Megaphone };
const profile: NavItem = { label: 'Profile', to: '/profile', icon: UserRound };
const guidelines: NavItem = { label: 'Guidelines', to: '/guidelines', icon: BookOpen };

const PUBLIC: NavSection = {
  id: 'public',
  title: 'Public',
  items: [{ label: 'Home', to: '/', icon: House }, feed, briefs, guidelines],
};

const LEADERBOARDS: NavSection = {
  id: 'leaderboards',
  title: 'Leaderboards',
  items: [
    { label: 'Videos', to: '/leaderboard/videos', icon: Trophy },
    { label: 'Creators', to: '/leaderboard/creators', icon: UsersRound },
  ],
};

const CREATOR: NavSection = {
  id: 'creator',
  title: 'Creator',
  items: [
    { label: SCREEN_TITLES.creatorHome, to: '/creator/home', icon: LayoutDashboard },
    { label: SCREEN_TITLES.uploadVideo, to: '/creator/upload', icon: Upload },
    { label: SCREEN_TITLES.myVideos, to: '/creator/videos', icon: Clapperboard },
    { label: SCREEN_TITLES.earnings, to: '/creator/earnings', icon: Wallet },
  ],
};

const BRAND: NavSection = {
  id: 'brand',
  title: 'Brand',
  items: [{ label: SCREEN_TITLES.brandDashboard, to: '/brand/dashboard', icon: ChartColumn }],
};

const ADMIN: NavSection = {
  id: 'admin',
  title: 'Admin',
  items: [
    { label: SCREEN_TITLES.adminDashboard, to: '/admin', icon: ShieldCheck },
    { label: SCREEN_TITLES.invites, to: '/admin/invites', icon: Ticket },
    { label: SCREEN_TITLES.whitelist, to: '/admin/whitelist', icon: ListChecks },
    // DESIGN.md §3: mail kept in the outbox is read here when no SMTP server is configured.
    { label: SCREEN_TITLES.outbox, to: '/admin/outbox', icon: Mail },
    { label: SCREEN_TITLES.failedJobs, to: '/admin/jobs', icon: TriangleAlert },
    { label: SCREEN_TITLES.auditLog, to: '/admin/audit', icon: History },
  ],
};

export function drawerSectionsFor(roles: readonly Role[] | null): NavSection[] {
  const sections = [PUBLIC, LEADERBOARDS];
  if (!roles) return sections;
  if (hasAnyRole(roles, AREA_ROLES.creator)) sections.push(CREATOR);
  if (hasAnyRole(roles, AREA_ROLES.brand)) sections.push(BRAND);
  if (hasAnyRole(roles, AREA_ROLES.admin)) sections.push(ADMIN);
  return sections;
}

export function tabsFor(roles: readonly Role[] | null): NavItem[] {
  switch (roles ? primaryRole(roles) : null) {
    case 'creator':
      return [
        feed,
        { label: 'Upload', to: '/creator/upload', icon: Upload },
        { label: SCREEN_TITLES.myVideos, to: '/creator/videos', icon: Clapperboard },
        profile,
      ];
    case 'brand':
      return [
        feed,
        { label: 'Dashboard', to: '/brand/dashboard', icon: ChartColumn },
        briefs,
        profile,
      ];
    case 'admin':
      return [feed, { label: 'Admin', to: '/admin', icon: ShieldCheck }, briefs, profile];
    default:
      return [feed, briefs, profile];
  }
}
