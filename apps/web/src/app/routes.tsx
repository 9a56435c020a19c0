import { AREA_ROLES } from '@adreel/domain';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { RootError } from './root-error';
import { RootHydrateFallback, RootLayout } from './root-layout';
import { RouteGuard } from './route-guard';
import { AppShell } from './shell/app-shell';
import type { RouteHandle } from './shell/route-handle';

/** Each screen is its own chunk, loaded when first visited, so the first load stays small. */
function page(load: () => Promise<{ default: ComponentType }>) {
  return async () => ({ Component: (await load()).default });
}

const landing: RouteHandle = { chrome: 'landing', hideTabs: true, footer: true };
/** The access screens are forms: the tab bar would only crowd the keyboard on a phone. */
const access: RouteHandle = { hideTabs: true };
/** The feed is one screen tall, whatever sits above it (the verify banner): its controls stay in view. */
const fill: RouteHandle = { fill: true };

/** Every route of SPEC.md §2, plus /account, /admin/outbox and the mailed links (DESIGN.md §3). */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: RootHydrateFallback,
    ErrorBoundary: RootError,
    children: [
      {
        Component: AppShell,
        children: [
          { index: true, handle: landing, lazy: page(() => import('@/routes/landing')) },
          { path: 'auth', handle: access, lazy: page(() => import('@/routes/auth')) },
          {
            path: 'auth/verify',
            handle: access,
            lazy: page(() => import('@/routes/auth-verify')),
          },
          { path: 'auth/reset', handle: access, lazy: page(() => import('@/routes/auth-reset')) },
          {
            path: 'auth/callback',
            handle: access,
            lazy: page(() => import('@/routes/auth-callback')),
          },
          { path: 'join', handle: access, lazy: page(() => import('@/routes/join')) },
          { path: 'feed', handle: fill, lazy: page(() => import('@/routes/feed')) },
          { path: 'briefs', lazy: page(() => import('@/routes/briefs')) },
          { path: 'guidelines', lazy: page(() => import('@/routes/guidelines')) },
          { path: 'how-we-count', lazy: page(() => import('@/routes/how-we-count')) },
          { path: 'profile', lazy: page(() => import('@/routes/profile')) },
          {
            path: 'leaderboard/videos',
            lazy: page(() => import('@/routes/leaderboard-videos')),
          },
          {
            path: 'leaderboard/creators',
            lazy: page(() => import('@/routes/leaderboard-creators')),
          },
          {
            element: <RouteGuard roles={AREA_ROLES.creator} />,
            children: [
              { path: 'creator/home', lazy: page(() => import('@/routes/creator-home')) },
              { path: 'creator/upload', lazy: page(() => import('@/routes/creator-upload')) },
              { path: 'creator/videos', lazy: page(() => import('@/routes/creator-videos')) },
              { path: 'creator/earnings', lazy: page(() => import('@/routes/creator-earnings')) },
            ],
          },
          {
            element: <RouteGuard roles={AREA_ROLES.brand} />,
            children: [
              { path: 'brand/dashboard', lazy: page(() => import('@/routes/brand-dashboard')) },
            ],
          },
          {
            element: <RouteGuard roles={AREA_ROLES.admin} />,
            children: [
              {
                // With a second factor on the account, only a session that passed it gets in.
                lazy: page(() => import('@/routes/admin-assurance')),
                children: [
                  { path: 'admin', lazy: page(() => import('@/routes/admin')) },
                  { path: 'admin/invites', lazy: page(() => import('@/routes/admin-invites')) },
                  {
                    path: 'admin/whitelist',
                    lazy: page(() => import('@/routes/admin-whitelist')),
                  },
                  { path: 'admin/outbox', lazy: page(() => import('@/routes/admin-outbox')) },
                  { path: 'admin/jobs', lazy: page(() => import('@/routes/admin-jobs')) },
                  { path: 'admin/audit', lazy: page(() => import('@/routes/admin-audit')) },
                ],
              },
            ],
          },
          {
            element: <RouteGuard />,
            children: [{ path: 'account', lazy: page(() => import('@/routes/account')) }],
          },
          { path: '*', lazy: page(() => import('@/routes/not-found')) },
        ],
      },
    ],
  },
];
