const STORAGE_KEY = 'adreel.deviceId';

let fallback: string | undefined;

/**
 * The anonymous device id (DESIGN.md §3): a random uuid kept in localStorage, so the server can count
 * a signed-out viewer's view once per 24 h. Where storage is refused (private modes), it lasts for
 * the page's life.
 */
export function deviceId(): string {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (stored && /^[0-9a-f-]{36}$/i.test(stored)) return stored;
    const created = crypto.randomUUID();
    localStorage.setItem(STORAGE_KEY, created);
    return created;
  } catch {
    fallback ??= crypto.randomUUID();
    return fallback;
  }
}
