import { useCallback, useState } from 'react';

/** The drawer's open state is remembered on this device (SPEC.md §2 Navigation). */
export const DRAWER_STORAGE_KEY = 'adreel.drawer-open';

function readStored(): boolean {
  try {
    return localStorage.getItem(DRAWER_STORAGE_KEY) === 'true';
  } catch {
    return false; // Storage can be unavailable (privacy modes); the drawer then starts closed.
  }
}

export function useDrawerState() {
  const [open, setOpenState] = useState(readStored);

  const setOpen = useCallback((next: boolean) => {
    setOpenState(next);
    try {
      localStorage.setItem(DRAWER_STORAGE_KEY, String(next));
    } catch {
      // Not remembered, but still works for this page view.
    }
  }, []);

  return { open, setOpen };
}
