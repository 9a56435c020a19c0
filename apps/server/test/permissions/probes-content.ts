/** Requests for the web app, joining, the feed and engagement, and the creator area. */
import { randomUUID } from 'node:crypto';
import { encodeMetadata, TUS } from '../support/tus';
import { ANYONE_BUT_CREATOR_A, as, type Build, get, listOf, NOT_CREATOR_A, post } from './probe';
import { unique, type World } from './world';

/** The uploads uploadOfA started, cancelled before the next one (probes run one at a time). */
const startedOfA: string[] = [];

/**
 * Creator A's unfinished upload (tus), 1000 bytes announced, none sent. The earlier ones are
 * cancelled first: one person may hold only UPLOAD_MAX_UNFINISHED unfinished uploads (issue 13).
 */
async function uploadOfA(w: World) {
  const owner = w.headers.creatorA;
  for (const url of startedOfA.splice(0)) {
    await w.t.app.inject({ method: 'DELETE', url, headers: { ...owner, ...TUS } });
  }
  const created = await w.t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: {
      ...owner,
      ...TUS,
      'upload-length': '1000',
      'upload-metadata': encodeMetadata({ title: 'Matrix upload', filetype: 'video/mp4' }),
    },
  });
  if (created.statusCode !== 201) throw new Error(`upload failed: ${created.body}`);
  const url = created.headers.location as string;
  startedOfA.push(url);
  const row = async () => {
    const res = await w.t.app.inject({ method: 'HEAD', url, headers: { ...owner, ...TUS } });
    return { status: res.statusCode, offset: res.headers['upload-offset'] };
  };
  return { url, row };
}

export const CONTENT_PROBES: Record<string, Build> = {
  'GET /': get('/'),
  'GET /*': get('/feed'),
  'GET /media/*': async (actor, w) => ({ method: 'GET', url: w.mediaPath, headers: as(actor, w) }),
  'GET /healthz': get('/healthz'),
  'GET /readyz': get('/readyz'),
  'GET /metrics': get('/metrics'),
  'GET /.well-known/jwks.json': get('/.well-known/jwks.json'),
  'GET /api/docs': get('/api/docs'),
  'GET /api/docs/json': get('/api/docs/json'),
  'GET /api/docs/yaml': get('/api/docs/yaml'),
  'GET /api/docs/static/index.html': get('/api/docs/static/index.html'),
  'GET /api/docs/static/swagger-initializer.js': get('/api/docs/static/swagger-initializer.js'),
  'GET /api/docs/static/*': get('/api/docs/static/swagger-ui.css'),

  'POST /api/access-requests': async (actor, w) =>
    post('/api/access-requests', {
      name: 'Matrix Person',
      email: `join_${unique()}@example.test`,
      role: 'creator',
    })(actor, w),
  'GET /api/beta/progress': get('/api/beta/progress'),
  'GET /api/beta/progress/stream': async (actor, w) => ({
    ...(await get('/api/beta/progress/stream')(actor, w)),
    stream: true,
  }),

  'GET /api/feed': get('/api/feed'),
  'GET /api/feed/impressions': async (actor, w) =>
    get(`/api/feed/impressions?ids=${w.rowsOfA.videoId}`)(actor, w),
  'PUT /api/videos/:id/like': async (actor, w) => ({
    method: 'PUT',
    url: `/api/videos/${w.rowsOfA.videoId}/like`,
    headers: as(actor, w),
  }),
  'DELETE /api/videos/:id/like': async (actor, w) => ({
    method: 'DELETE',
    url: `/api/videos/${w.rowsOfA.videoId}/like`,
    headers: as(actor, w),
  }),
  'POST /api/videos/:id/shares': async (actor, w) =>
    post(`/api/videos/${w.rowsOfA.videoId}/shares`)(actor, w),
  'POST /api/videos/:id/reports': async (actor, w) =>
    post(`/api/videos/${w.rowsOfA.videoId}/reports`, { reason: 'Looks misleading' })(actor, w),
  'GET /api/me/reports': listOf(
    '/api/me/reports',
    (w) => [w.rowsOfA.reportId],
    ANYONE_BUT_CREATOR_A,
  ),
  'POST /api/metrics': async (actor, w) =>
    post('/api/metrics', {
      action: 'increment',
      videoId: w.rowsOfA.videoId,
      metricType: 'views',
      increment: 1,
      deviceId: randomUUID(),
    })(actor, w),
  'GET /api/leaderboard/videos': get('/api/leaderboard/videos'),
  'GET /api/leaderboard/creators': get('/api/leaderboard/creators'),
  'GET /api/campaigns': get('/api/campaigns'),

  'GET /api/creator/videos': listOf(
    '/api/creator/videos',
    (w) => [w.rowsOfA.videoId],
    NOT_CREATOR_A,
  ),
  'GET /api/creator/stats': get('/api/creator/stats'),
  'GET /api/creator/earnings': listOf(
    '/api/creator/earnings',
    (w) => [w.rowsOfA.transactionId],
    NOT_CREATOR_A,
  ),
  'GET /api/creator/submissions': listOf(
    '/api/creator/submissions',
    (w) => [w.rowsOfA.submissionId],
    NOT_CREATOR_A,
  ),
  'GET /api/campaigns/open': get('/api/campaigns/open'),
  'POST /api/uploads': async (actor, w) => ({
    method: 'POST',
    url: '/api/uploads',
    headers: {
      ...as(actor, w),
      ...TUS,
      'upload-length': '1000',
      'upload-metadata': encodeMetadata({ title: 'Matrix upload', filetype: 'video/mp4' }),
    },
  }),
  'PATCH /api/uploads/:id': async (actor, w) => {
    const upload = await uploadOfA(w);
    return {
      method: 'PATCH',
      url: upload.url,
      headers: {
        ...as(actor, w),
        ...TUS,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      payload: Buffer.alloc(10, 1),
      row: upload.row,
    };
  },
  'HEAD /api/uploads/:id': async (actor, w) => {
    const upload = await uploadOfA(w);
    return {
      method: 'HEAD',
      url: upload.url,
      headers: { ...as(actor, w), ...TUS },
      row: upload.row,
    };
  },
  'DELETE /api/uploads/:id': async (actor, w) => {
    const upload = await uploadOfA(w);
    return {
      method: 'DELETE',
      url: upload.url,
      headers: { ...as(actor, w), ...TUS },
      row: upload.row,
    };
  },
};
