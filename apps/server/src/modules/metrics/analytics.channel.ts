/**
 * The NOTIFY channel of decision 032: its payload is the ids of the videos whose analytics moved,
 * comma-separated (the group commit sends one per group; the likes and shares triggers of
 * migration 0020 one per row).
 */
export const ANALYTICS_CHANNEL = 'analytics';

export function movedVideoIds(payload: string | null): string[] | null {
  if (payload === null) return null;
  return payload.split(',').filter((id) => id.length > 0);
}
