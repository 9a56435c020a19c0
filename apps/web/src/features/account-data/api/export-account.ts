import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { appName } from '@/lib/app-name';

/** GET /api/account/export: everything held about you, saved as a JSON file. */
export async function downloadAccountData(): Promise<void> {
  const data = await api<unknown>('/api/account/export');
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  const slug = appName()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');
  link.href = url;
  link.download = `${slug}-data-${new Date().toISOString().slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  // After the browser has taken the file.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useDownloadAccountData() {
  return useMutation({ mutationFn: downloadAccountData });
}
