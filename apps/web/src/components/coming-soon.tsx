import { ArrowLeft, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/use-document-title';

interface ComingSoonProps {
  /** The screen's name, as the navigation calls it. */
  title: string;
  /** One honest sentence on what the screen will do. */
  description: string;
  icon: LucideIcon;
}

/** A screen that is not built yet says so plainly, and shows no made-up data. */
export function ComingSoon({ title, description, icon: Icon }: ComingSoonProps) {
  useDocumentTitle(title);
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center px-6 pt-16 pb-20 text-center sm:pt-24">
      <div className="relative mb-8 animate-fade-up">
        <div
          className="absolute inset-0 -z-10 scale-150 rounded-full bg-[radial-gradient(closest-side,rgb(255_45_85/0.22),transparent)] blur-xl"
          aria-hidden="true"
        />
        <div className="grid size-16 place-items-center rounded-2xl bg-ink text-white shadow-lift ring-1 ring-white/10">
          <Icon className="size-7" aria-hidden="true" />
        </div>
      </div>
      <p className="text-eyebrow uppercase text-primary">In the works</p>
      <h1 className="mt-3 text-title text-balance sm:text-[2.25rem]">{title} — coming soon</h1>
      <p className="mt-4 max-w-md text-pretty text-muted-foreground sm:text-lg">{description}</p>
      <Button asChild variant="ink" className="mt-8">
        <Link to="/">
          <ArrowLeft /> Back to Home
        </Link>
      </Button>
    </section>
  );
}
