import { SCREEN_TITLES, TAGLINE } from '@adreel/domain';
import { Link } from 'react-router';
import { appName } from '@/lib/app-name';
import { Wordmark } from './wordmark';

const LINKS = [
  { label: 'Feed', to: '/feed' },
  { label: SCREEN_TITLES.campaignBriefs, to: '/briefs' },
  { label: SCREEN_TITLES.topVideos, to: '/leaderboard/videos' },
  { label: SCREEN_TITLES.topCreators, to: '/leaderboard/creators' },
  { label: 'Guidelines', to: '/guidelines' },
];

export function SiteFooter() {
  return (
    <footer className="border-t border-border bg-muted/60">
      <div className="mx-auto flex max-w-6xl flex-col gap-8 px-6 py-12 md:flex-row md:items-start md:justify-between lg:px-8">
        <div>
          <Wordmark />
          <p className="mt-3 max-w-xs text-sm text-muted-foreground">
            {TAGLINE.charAt(0).toUpperCase() + TAGLINE.slice(1)}.
          </p>
        </div>
        <nav aria-label="Footer">
          <ul className="grid grid-cols-2 gap-x-10 gap-y-3 text-sm sm:flex sm:flex-wrap sm:gap-x-8">
            {LINKS.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="rounded-sm font-medium text-muted-foreground transition-colors hover:text-foreground"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-border">
        <p className="mx-auto max-w-6xl px-6 py-5 text-xs text-muted-foreground lg:px-8">
          © {new Date().getFullYear()} {appName()} · Private beta
        </p>
      </div>
    </footer>
  );
}
