import { LogIn, LogOut, UserRound } from 'lucide-react';
import { NavLink } from 'react-router';
import { cn } from '@/lib/utils';
import type { NavItem, NavSection } from '../nav';

interface DrawerProps {
  id: string;
  open: boolean;
  sections: NavSection[];
  signedIn: boolean;
  /** Leave room for the bottom tab bar on small screens. */
  aboveTabs: boolean;
  /** Called after a link is followed, so a drawer that covers the page can get out of the way. */
  onNavigate: () => void;
  onSignOut: () => void;
}

const rowClass =
  'group flex h-10 items-center gap-3 rounded-xl px-3 text-[0.9375rem] font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground';

function DrawerLink({ item, onNavigate }: { item: NavItem; onNavigate: () => void }) {
  const Icon = item.icon;
  return (
    <NavLink
      to={item.to}
      end
      onClick={onNavigate}
      className={({ isActive }) =>
        cn(rowClass, isActive && 'bg-brand-soft text-foreground hover:bg-brand-soft')
      }
    >
      {({ isActive }) => (
        <>
          <Icon
            className={cn(
              'size-[1.125rem] shrink-0 transition-colors',
              isActive ? 'text-primary' : 'text-muted-foreground group-hover:text-foreground',
            )}
            aria-hidden="true"
          />
          <span className={cn(isActive && 'font-semibold')}>{item.label}</span>
        </>
      )}
    </NavLink>
  );
}

/**
 * The non-modal drawer of SPEC.md §2: no focus trap and no backdrop, the page stays usable. When
 * closed it is `inert`, so its links leave the tab order and the accessibility tree.
 */
export function Drawer({
  id,
  open,
  sections,
  signedIn,
  aboveTabs,
  onNavigate,
  onSignOut,
}: DrawerProps) {
  return (
    <nav
      id={id}
      aria-label="Main navigation"
      inert={!open}
      className={cn(
        'fixed top-14 bottom-0 left-0 z-30 w-72 max-w-[85vw] border-r border-border bg-background',
        aboveTabs && 'max-md:bottom-[calc(4rem+env(safe-area-inset-bottom))]',
        'transition-[translate,visibility,box-shadow] duration-300 ease-[cubic-bezier(0.2,0.7,0.2,1)]',
        open
          ? 'visible translate-x-0 shadow-lift lg:shadow-none'
          : 'invisible -translate-x-full shadow-none',
      )}
    >
      <div className="flex h-full flex-col overflow-y-auto overscroll-contain px-3 pt-4 pb-[max(1rem,env(safe-area-inset-bottom))]">
        {sections.map((section) => (
          <div key={section.id} className="mb-5">
            <p
              id={`${id}-${section.id}`}
              className="mb-1.5 px-3 text-eyebrow uppercase text-muted-foreground"
            >
              {section.title}
            </p>
            <ul aria-labelledby={`${id}-${section.id}`} className="flex flex-col gap-0.5">
              {section.items.map((item) => (
                <li key={item.to}>
                  <DrawerLink item={item} onNavigate={onNavigate} />
                </li>
              ))}
            </ul>
          </div>
        ))}
        <div className="mt-auto border-t border-border pt-3">
          {signedIn ? (
            <ul className="flex flex-col gap-0.5">
              <li>
                <DrawerLink
                  item={{ label: 'Account', to: '/account', icon: UserRound }}
                  onNavigate={onNavigate}
                />
              </li>
              <li>
                <button type="button" onClick={onSignOut} className={cn(rowClass, 'w-full')}>
                  <LogOut className="size-[1.125rem]" aria-hidden="true" />
                  Sign out
                </button>
              </li>
            </ul>
          ) : (
            <DrawerLink
              item={{ label: 'Sign In', to: '/auth', icon: LogIn }}
              onNavigate={onNavigate}
            />
          )}
        </div>
      </div>
    </nav>
  );
}
