import { useCallback, useSyncExternalStore } from 'react';

const STORAGE_KEY = 'adreel.savedVideos';
const listeners = new Set<() => void>();
let snapshot: string | null | undefined;

function read(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function ids(): string[] {
  try {
    const parsed: unknown = JSON.parse(getSnapshot() ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id) => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): string | null {
  snapshot ??= read();
  return snapshot;
}

/** Saves or unsaves a video on this device only (SPEC.md §2: save toggles locally). */
export function toggleSaved(id: string): boolean {
  const current = ids();
  const saved = !current.includes(id);
  const next = saved ? [...current, id] : current.filter((other) => other !== id);
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage refused (a private mode): the choice lasts until the page closes.
  }
  snapshot = JSON.stringify(next);
  for (const listener of listeners) listener();
  return saved;
}

/** Whether this video is saved on this device, kept in step with every toggle. */
export function useSaved(id: string): [boolean, () => boolean] {
  const raw = useSyncExternalStore(subscribe, getSnapshot, () => null);
  let saved = false;
  try {
    const parsed: unknown = JSON.parse(raw ?? '[]');
    saved = Array.isArray(parsed) && parsed.includes(id);
  } catch {
    saved = false;
  }
  const toggle = useCallback(() => toggleSaved(id), [id]);
  return [saved, toggle];
}
