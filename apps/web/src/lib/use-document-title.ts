import { useEffect } from 'react';
import { appName } from './app-name';

/** Sets the tab title to "<page> · <brand>", or just the brand for the home page. */
export function useDocumentTitle(page?: string): void {
  useEffect(() => {
    document.title = page ? `${page} · ${appName()}` : appName();
  }, [page]);
}
