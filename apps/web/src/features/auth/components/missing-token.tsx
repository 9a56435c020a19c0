import { AUTH_TEXTS } from '@adreel/domain';
import { CircleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** A mailed link opened without its token (cut short by a mail client, or typed by hand). */
export function MissingToken({ what }: { what: string }) {
  return (
    <div className="flex flex-col items-center text-center" role="status">
      <span className="grid size-14 place-items-center rounded-2xl bg-red-50 text-destructive">
        <CircleAlert className="size-7" aria-hidden="true" />
      </span>
      <h2 className="mt-4 text-xl font-bold tracking-tight">This link is incomplete</h2>
      <p className="mt-2 max-w-sm text-pretty text-sm text-muted-foreground">
        {`The ${what} link is missing its code. Open the link from the email again, or copy the whole address into your browser.`}
      </p>
      <Button asChild variant="outline" size="lg" className="mt-6 w-full">
        <Link to="/auth">{AUTH_TEXTS.backToSignIn}</Link>
      </Button>
    </div>
  );
}
