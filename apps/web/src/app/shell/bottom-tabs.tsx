import { NavLink } from 'react-router';
import { cn } from '@/lib/utils';
import type { NavItem } from '../nav';

/** The role's bottom tab bar (SPEC.md §2), a phone pattern: shown below the `md` breakpoint only. */
export function BottomTabs({ items }: { items: NavItem[] }) {
  return (
    <nav
      aria-label="Tab bar"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-border/80 bg-background/90 pb-[env(safe-area-inset-bottom)] backdrop-blur-xl backdrop-saturate-150 md:hidden"
    >
      <ul className="mx-auto flex max-w-md">
        {items.map((item) => {
          const Icon = item.icon;
          return (
            <li key={item.to} className="flex-1">
              <NavLink
                to={item.to}
                end
                className={({ isActive }) =>
                  cn(
                    'flex h-16 flex-col items-center justify-center gap-1 text-[0.6875rem] font-medium transition-colors',
                    isActive ? 'text-foreground' : 'text-muted-foreground hover:text-foreground',
                  )
                }
              >
                {({ isActive }) => (
                  <>
                    <span
                      className={cn(
                        'grid h-7 w-12 place-items-center rounded-full transition-colors',
                        isActive && 'bg-brand-soft text-primary',
                      )}
                    >
                      <Icon
                        className="size-5"
                        strokeWidth={isActive ? 2.25 : 2}
                        aria-hidden="true"
                      />
                    </span>
                    {item.label}
                  </>
                )}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
