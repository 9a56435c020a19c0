import { COMMON_TEXTS } from '@adreel/domain';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center px-6 pt-16 pb-20 text-center sm:pt-24">
      <p
        className="bg-linear-to-br from-brand via-brand to-brand-violet bg-clip-text text-[7rem] leading-none font-extrabold tracking-[-0.06em] text-transparent sm:text-[9rem]"
        aria-hidden="true"
      >
        404
      </p>
      <h1 className="mt-4 text-title">Oops! Page not found</h1>
      <p className="mt-3 max-w-sm text-pretty text-muted-foreground">
        The page you are looking for doesn't exist or has moved.
      </p>
      <Button asChild variant="ink" className="mt-8">
        <Link to="/">
          <ArrowLeft /> {COMMON_TEXTS.returnToHome}
        </Link>
      </Button>
    </section>
  );
}
