/**
 * Local storage read while the file goes (a rejected video's media being deleted as a viewer's
 * request arrives): the answer is the whole file or not found, never a stream that fails half-way
 * (which the media route could only answer with a 500).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../src/platform/storage/storage';

let root: string;
const key = 'videos/v1/rendition.mp4';
const bytes = 'the whole rendition, byte for byte';

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'adreel-local-storage-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

async function putFile() {
  await mkdir(path.join(root, 'videos/v1'), { recursive: true });
  await writeFile(path.join(root, key), bytes);
}

describe('reading a file that is being removed', () => {
  it('reads the whole file when it goes after it was found', async () => {
    await putFile();
    const storage = createLocalStorage(root);
    const found = await storage.read(key, null);
    expect(found.kind).toBe('found');
    await storage.removeAll('videos/v1');
    if (found.kind !== 'found') return;
    expect(await text(found.body)).toBe(bytes);
    expect(found.contentLength).toBe(bytes.length);
  });

  it('reads the asked range the same way', async () => {
    await putFile();
    const storage = createLocalStorage(root);
    const found = await storage.read(key, { start: 4, end: 8 });
    await storage.remove(key);
    expect(found.kind === 'found' && (await text(found.body))).toBe(bytes.slice(4, 9));
  });

  it('answers not found once it has gone, and for a folder', async () => {
    await putFile();
    const storage = createLocalStorage(root);
    expect((await storage.read('videos/v1', null)).kind).toBe('not_found');
    await storage.remove(key);
    expect((await storage.read(key, null)).kind).toBe('not_found');
  });
});
