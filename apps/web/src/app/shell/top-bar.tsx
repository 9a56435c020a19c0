import { BookOpen, Menu, Play, X } from 'lucide-react';
import type { Ref } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Wordmark } from '@/components/wordmark';
import { useSession } from '@/lib/session';
import { NavigationProgress } from './navigation-progress';

interface TopBarProps {
  drawerOpen: boolean;
  onToggleDrawer: () => void;
  drawerId: string;
  menuButtonRef: Ref<HTMLButtonElement>;
  landing: boolean;
}

export function TopBar({
  drawerOpen,
  onToggleDrawer,
  drawerId,
  menuButtonRef,
  landing,
}: TopBarProps) {
  return (
    <header className="sticky top-0 z-40 h-14 border-b border-border/80 bg-background/85 backdrop-blur-xl backdrop-saturate-150">
      <div className="flex h-full items-center gap-1 pr-3 pl-2 sm:gap-2 sm:px-4">
        <Button
          ref={menuButtonRef}
          variant="ghost"
          size="icon"
          aria-label="Menu"
          aria-expanded={drawerOpen}
          aria-controls={drawerId}
          onClick={onToggleDrawer}
        >
          {drawerOpen ? <X className="size-5" /> : <Menu className="size-5" />}
        </Button>
        <Link to="/" className="rounded-lg px-1 py-1">
          <Wordmark />
        </Link>
        <Badge className="ml-0.5 bg-ink px-2 py-px text-[0.625rem] uppercase tracking-wider text-white">
          Beta
        </Badge>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          {landing ? <LandingActions /> : <SessionActions />}
        </div>
      </div>
      <NavigationProgress />
    </header>
  );
}

/** SPEC.md §2: the landing page's top bar carries Join Beta, View Demo and Guidelines. */
function LandingActions() {
  return (
    <>
      <Button asChild variant="ghost" size="sm" className="max-sm:size-9 max-sm:px-0">
        <Link to="/guidelines">
          <BookOpen className="sm:hidden" />
          <span className="max-sm:sr-only">Guidelines</span>
        </Link>
      </Button>
      <Button asChild variant="outline" size="sm" className="max-sm:size-9 max-sm:px-0">
        <Link to="/feed">
          <Play className="sm:hidden" />
          <span className="max-sm:sr-only">View Demo</span>
        </Link>
      </Button>
      <Button asChild size="sm">
        <Link to="/join">Join Beta</Link>
      </Button>
    </>
  );
}

function SessionActions() {
  const session = useSession();
  if (session.status === 'loading') return null;
  if (session.status === 'signed-out') {
    return (
      <>
        <Button asChild variant="ghost" size="sm">
          <Link to="/auth">Sign In</Link>
        </Button>
        <Button asChild size="sm">
          <Link to="/join">Join Beta</Link>
        </Button>
      </>
    );
  }
  const { user } = session;
  const initial = (user.displayName || user.username || user.email).charAt(0).toUpperCase();
  return (
    <Link
      to="/account"
      aria-label="Account"
      className="grid size-9 place-items-center overflow-hidden rounded-full bg-ink text-sm font-bold text-white"
    >
      {user.photoUrl ? (
        <img src={user.photoUrl} alt="" className="size-full object-cover" />
      ) : (
        initial
      )}
    </Link>
  );
}
