/** Uploads over tus through app.inject, as the web app's tus-js-client would send them. */
import { readFile } from 'node:fs/promises';
import type { App } from '../../src/app';
import type { AuthHeaders } from './auth';

export const TUS = { 'tus-resumable': '1.0.0' };

export function encodeMetadata(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
}

/** Creates an upload and sends the whole file in one PATCH; returns the final PATCH's answer. */
export async function uploadFile(
  app: App,
  headers: AuthHeaders,
  file: string,
  metadata: Record<string, string> = { title: 'My ad', filename: 'ad.mp4', filetype: 'video/mp4' },
) {
  const bytes = await readFile(file);
  const created = await app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: {
      ...headers,
      ...TUS,
      'upload-length': String(bytes.length),
      'upload-metadata': encodeMetadata(metadata),
    },
  });
  if (created.statusCode !== 201) return created;
  return app.inject({
    method: 'PATCH',
    url: created.headers.location as string,
    headers: {
      ...headers,
      ...TUS,
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    payload: bytes,
  });
}
