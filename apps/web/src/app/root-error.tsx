import { COMMON_TEXTS } from '@adreel/domain';
import { RotateCw } from 'lucide-react';
import { Link, useRouteError } from 'react-router';
import { ErrorReference } from '@/components/error-reference';
import { Button } from '@/components/ui/button';
import { Wordmark } from '@/components/wordmark';

/** Shown when a screen throws or its code fails to load (a deploy replaced the old chunks). */
export function RootError() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <main className="grid min-h-dvh place-items-center px-6">
      <div className="flex max-w-sm flex-col items-center gap-5 text-center">
        <Wordmark />
        <h1 className="text-title">Something went wrong</h1>
        <p className="text-muted-foreground">
          This screen could not be shown. Reloading usually fixes it.
        </p>
        <ErrorReference error={error} />
        <div className="flex gap-2">
          <Button onClick={() => window.location.reload()}>
            <RotateCw /> Reload
          </Button>
          <Button asChild variant="outline">
            <Link to="/" reloadDocument>
              {COMMON_TEXTS.returnToHome}
            </Link>
          </Button>
        </div>
      </div>
    </main>
  );
}
