import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useId, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { SiteFooter } from '@/components/site-footer';
import { releasePageVideo } from '@/lib/page-first-video';
import { useSession } from '@/lib/session';
import { cn } from '@/lib/utils';
import { drawerSectionsFor, tabsFor } from '../nav';
import { BottomTabs } from './bottom-tabs';
import { Drawer } from './drawer';
import { useRouteHandle } from './route-handle';
import { TopBar } from './top-bar';
import { useDrawerState } from './use-drawer-state';

// Most users never see it, so it loads only for those who do.
const VerifyEmailBanner = lazy(() => import('@/features/auth/components/verify-email-banner'));

/** From this width the drawer docks beside the page instead of covering it. */
const DOCKED_QUERY = '(min-width: 1024px)';

export function AppShell() {
  const session = useSession();
  const handle = useRouteHandle();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { open, setOpen } = useDrawerState();
  const drawerId = useId();
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  const roles = session.status === 'signed-in' ? session.user.roles : null;
  // Decision 022: until the address is proven nothing can be added to the account; say so.
  const unverified = session.status === 'signed-in' && !session.user.emailVerified;
  const showTabs = !handle.hideTabs;
  const { pathname } = useLocation();
  // The video the page for /feed plays before the app (page-first-video.ts) is the feed's: on any
  // other screen it goes.
  useEffect(() => {
    if (pathname !== '/feed') releasePageVideo();
  }, [pathname]);

  useEffect(() => {
    if (!open) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const drawer = document.getElementById(drawerId);
      const focusWasInside = drawer?.contains(document.activeElement) ?? false;
      setOpen(false);
      if (focusWasInside) menuButtonRef.current?.focus();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, setOpen, drawerId]);

  const closeIfCovering = useCallback(() => {
    if (!window.matchMedia?.(DOCKED_QUERY).matches) setOpen(false);
  }, [setOpen]);

  // Leave first: a guarded page would otherwise see the session drop and send the user to /auth.
  const signOut = useCallback(async () => {
    closeIfCovering();
    await navigate('/');
    await session.signOut();
    queryClient.clear();
  }, [session, queryClient, closeIfCovering, navigate]);

  return (
    // A screen that fills the viewport (the feed) gets what the top bar, the banner and the tab bar
    // leave, measured by the layout itself rather than by fixed heights that forget the banner.
    // wrap-anywhere: a word longer than the screen (a pasted link, a name with no space) breaks
    // rather than setting its box's width and scrolling the whole page sideways (issue 18).
    <div className={cn('wrap-anywhere', handle.fill ? 'flex h-dvh flex-col' : 'min-h-dvh')}>
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-ink px-4 py-2 text-sm font-semibold text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <TopBar
        drawerOpen={open}
        onToggleDrawer={() => setOpen(!open)}
        drawerId={drawerId}
        menuButtonRef={menuButtonRef}
        landing={handle.chrome === 'landing'}
      />
      <Drawer
        id={drawerId}
        open={open}
        sections={drawerSectionsFor(roles)}
        signedIn={roles !== null}
        aboveTabs={showTabs}
        onNavigate={closeIfCovering}
        onSignOut={() => void signOut()}
      />
      <div
        className={cn(
          'transition-[padding] duration-300 ease-[cubic-bezier(0.2,0.7,0.2,1)]',
          handle.fill && 'flex min-h-0 flex-1 flex-col',
          open && 'lg:pl-72',
          showTabs && 'pb-[calc(4rem+env(safe-area-inset-bottom))] md:pb-0',
        )}
      >
        {unverified && session.user && (
          <Suspense fallback={null}>
            <VerifyEmailBanner email={session.user.email} />
          </Suspense>
        )}
        <main
          id="main"
          tabIndex={-1}
          className={cn('outline-none', handle.fill && 'min-h-0 flex-1')}
        >
          <Outlet />
        </main>
        {handle.footer && <SiteFooter />}
      </div>
      {showTabs && <BottomTabs items={tabsFor(roles)} />}
    </div>
  );
}
