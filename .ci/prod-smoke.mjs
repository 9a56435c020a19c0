/**
 * The production smoke run (.ci/prod-smoke.sh starts the processes): through plain HTTP, as a client
 * would, a creator signs in and uploads a clip on one API process, the worker processes it, the
 * admin approves it on the other API process, and the signed-out feed serves it with its media.
 * Every response must carry x-request-id. Exits non-zero on the first failure.
 * Usage: node .ci/prod-smoke.mjs CLIP API_URL [API_URL...] (env WORKER_URL for its /readyz)
 */
import { readFile } from 'node:fs/promises';

const [clipPath, ...apiUrls] = process.argv.slice(2);
if (!clipPath || apiUrls.length === 0) {
  console.error('usage: node .ci/prod-smoke.mjs CLIP API_URL [API_URL...]');
  process.exit(2);
}
const api = (index) => apiUrls[index % apiUrls.length];
const PASSWORD = 'adreel-demo';

function fail(message) {
  console.error(`prod-smoke: FAILED: ${message}`);
  process.exit(1);
}

async function call(base, method, path, { token, json, headers = {}, body } = {}) {
  const response = await fetch(new URL(path, base), {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(json ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: json ? JSON.stringify(json) : body,
  });
  if (!response.headers.get('x-request-id')) fail(`${method} ${path}: no x-request-id header`);
  return response;
}

async function expectStatus(response, status, what) {
  if (response.status !== status) {
    fail(`${what}: HTTP ${response.status} (expected ${status}): ${await response.text()}`);
  }
  return response;
}

async function waitFor(what, check, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) fail(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

async function signIn(base, email) {
  const response = await call(base, 'POST', '/api/auth/token?grant_type=password', {
    json: { email, password: PASSWORD },
  });
  await expectStatus(response, 200, `sign-in of ${email}`);
  return (await response.json()).session.access_token;
}

const started = Date.now();
const step = (message) => console.log(`prod-smoke: ${message} (${Date.now() - started} ms)`);

for (const base of [...apiUrls, process.env.WORKER_URL].filter(Boolean)) {
  await expectStatus(await call(base, 'GET', '/readyz'), 200, `${base}/readyz`);
}
const page = await expectStatus(await call(api(0), 'GET', '/'), 200, 'the web app at /');
if (!(await page.text()).includes('<div id="root"')) fail('/ does not serve the web app');
step('all processes ready, web app served');

const creator = await signIn(api(0), 'creator@adreel.test');
const admin = await signIn(api(1), 'admin@adreel.test');
step('creator and admin signed in');

const clip = await readFile(clipPath);
const title = `Smoke ${Date.now().toString(36)}`;
const metadata = { filename: 'smoke.mp4', filetype: 'video/mp4', title, caption: 'Prod smoke run' };
const encoded = Object.entries(metadata)
  .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
  .join(',');
const tus = { 'tus-resumable': '1.0.0' };
const created = await expectStatus(
  await call(api(0), 'POST', '/api/uploads', {
    token: creator,
    headers: { ...tus, 'upload-length': String(clip.length), 'upload-metadata': encoded },
  }),
  201,
  'upload created',
);
const location = created.headers.get('location');
if (!location) fail('upload created without a Location');
const sent = await call(api(0), 'PATCH', location, {
  token: creator,
  headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
  body: clip,
});
// The last PATCH answers once the server has checked and stored the file.
if (sent.status !== 201 && sent.status !== 204) {
  fail(`upload sent: HTTP ${sent.status}: ${await sent.text()}`);
}
step(`clip uploaded (${clip.length} bytes)`);

const videoId = await waitFor('processing by the worker', async () => {
  const response = await call(api(1), 'GET', '/api/admin/videos?status=pending', { token: admin });
  await expectStatus(response, 200, 'pending videos');
  const { videos } = await response.json();
  return videos.find((video) => video.title === title)?.id;
});
step(`processed: video ${videoId} awaits review`);

await expectStatus(
  await call(api(1), 'POST', `/api/admin/videos/${videoId}/approve`, { token: admin }),
  200,
  'approval',
);
step('approved');

const video = await waitFor('the video in the feed', async () => {
  const response = await call(api(0), 'GET', `/api/feed?start=${videoId}`);
  await expectStatus(response, 200, 'feed');
  const { videos } = await response.json();
  return videos.find((entry) => entry.id === videoId);
});
for (const url of [video.fileUrl, video.thumbUrl].filter(Boolean)) {
  const media = await call(api(0), 'GET', url, { headers: { range: 'bytes=0-99' } });
  if (media.status !== 206 && media.status !== 200) fail(`media ${url}: HTTP ${media.status}`);
  await media.arrayBuffer();
}
step('in the feed, media served');

const missing = await call(api(0), 'GET', '/api/no-such-thing');
const error = await missing.json();
if (!error.error?.requestId) fail(`an error body without requestId: ${JSON.stringify(error)}`);
console.log(`prod-smoke: passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
