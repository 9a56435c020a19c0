/**
 * Where a sign-in may send the browser back to: only a path on this site. An absolute URL is accepted
 * only with our own origin; "//evil.example", "/\evil.example" and other schemes are refused, so
 * /authorize can never be used as an open redirect.
 */
export function safeRedirectPath(redirectTo: string, publicUrl: string): string | null {
  if (redirectTo.length === 0 || redirectTo.includes('\\') || hasControlCharacter(redirectTo))
    return null;
  const origin = new URL(publicUrl).origin;
  let url: URL;
  try {
    url = new URL(redirectTo, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  if (!redirectTo.startsWith('/') && !redirectTo.startsWith(`${origin}/`)) return null;
  if (redirectTo.startsWith('//')) return null;
  // What the browser would follow is the normalised path: "/.//x/%2e%2e" comes out as "//", which
  // would name another host. Such a path is refused, however it was spelt.
  if (url.pathname.startsWith('//') || url.pathname.includes('\\')) return null;
  return `${url.pathname}${url.search}`;
}

function hasControlCharacter(value: string): boolean {
  for (const char of value) if ((char.codePointAt(0) ?? 0) < 0x20) return true;
  return false;
}

/** The path with extra query parameters (the code, or an error) added. */
export function withParams(path: string, params: Record<string, string>): string {
  // Only ever given safeRedirectPath's answers; a path that is not one of ours goes home instead.
  const base = 'http://placeholder.invalid';
  let url = new URL('/', base);
  try {
    const parsed = new URL(path, base);
    if (parsed.origin === url.origin && path.startsWith('/') && !path.startsWith('//'))
      url = parsed;
  } catch {
    // Falls back to "/".
  }
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return `${url.pathname}${url.search}`;
}
