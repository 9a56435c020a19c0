import { setNonce } from 'get-nonce';

/**
 * The page's style nonce (decision 034), for the one <style> element the component library makes
 * at run time: the scroll lock of dialogs, menus and selects (react-remove-scroll-bar, through
 * react-style-singleton, which asks get-nonce). The server puts a fresh nonce in each page as
 * `<meta property="csp-nonce" nonce="…">` and the same one in the response's CSP style-src.
 * Read from the element's `nonce` property: browsers hide the attribute once the page is parsed.
 * Without the element (the Vite dev server, tests) nothing is set, and the style goes without one.
 */
export function pageStyleNonce(doc: Document = document): string | undefined {
  const meta = doc.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  return meta?.nonce || meta?.getAttribute('nonce') || undefined;
}

export function applyPageStyleNonce(doc: Document = document): void {
  const nonce = pageStyleNonce(doc);
  if (nonce) setNonce(nonce);
}
