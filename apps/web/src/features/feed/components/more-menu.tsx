import { Flag, MoreHorizontal } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { cn } from '@/lib/utils';

/**
 * The '...' menu beside a feed video (SPEC.md §2 Guidelines: reporting is through it). Written by
 * hand rather than with Radix's menu: the feed is the first screen most people open, and Radix's
 * menu brings focus scopes, scroll locking and a positioning engine for a single item.
 */
export function MoreMenu({
  onReport,
  triggerClassName,
}: {
  onReport: () => void;
  triggerClassName: string;
}) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const firstItem = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    firstItem.current?.focus();
    function onPointerDown(event: PointerEvent) {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        event.preventDefault();
        setOpen(false);
        trigger.current?.focus();
      } else if (event.key === 'Tab') {
        setOpen(false);
      } else if (['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) {
        // One item: every move lands on it.
        event.preventDefault();
        firstItem.current?.focus();
      }
    }
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      <button
        ref={trigger}
        type="button"
        aria-label="More actions"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
        className={triggerClassName}
      >
        <MoreHorizontal />
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label="More actions"
          className={cn(
            'absolute right-full bottom-0 z-20 mr-2 min-w-40 animate-fade-up rounded-2xl border border-border bg-background p-1.5 text-foreground shadow-lift',
          )}
        >
          <button
            ref={firstItem}
            type="button"
            role="menuitem"
            tabIndex={-1}
            onClick={() => {
              setOpen(false);
              onReport();
            }}
            className="flex w-full cursor-pointer items-center gap-2.5 rounded-xl px-3 py-2.5 text-sm font-medium outline-none hover:bg-muted focus-visible:bg-muted"
          >
            <Flag className="size-4" aria-hidden="true" /> Report
          </button>
        </div>
      )}
    </div>
  );
}
