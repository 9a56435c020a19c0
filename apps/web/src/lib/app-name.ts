import { DEFAULT_APP_NAME } from '@adreel/domain';

/**
 * The product name is configuration (APP_NAME): the server rewrites the application-name meta tag
 * of index.html, and every `{brand}` in the UI is read from there.
 */
export function readAppName(doc: Document = document): string {
  const meta = doc.querySelector<HTMLMetaElement>('meta[name="application-name"]');
  return meta?.content.trim() || DEFAULT_APP_NAME;
}

let cached: string | undefined;

export function appName(): string {
  cached ??= readAppName();
  return cached;
}
