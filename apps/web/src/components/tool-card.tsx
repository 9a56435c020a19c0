import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** One platform tool on the admin's Tools tab: what it does, and its button (or why it is off). */
export function ToolCard({
  title,
  description,
  icon: Icon,
  children,
}: {
  title: string;
  description: ReactNode;
  icon: LucideIcon;
  children: ReactNode;
}) {
  return (
    <section className="flex flex-col gap-4 rounded-3xl border border-border bg-card p-5 shadow-card">
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-2xl bg-muted text-muted-foreground">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h3 className="font-semibold">{title}</h3>
          <p className="mt-1 text-sm text-pretty text-muted-foreground">{description}</p>
        </div>
      </div>
      <div className="mt-auto flex flex-wrap items-center gap-3">{children}</div>
    </section>
  );
}
