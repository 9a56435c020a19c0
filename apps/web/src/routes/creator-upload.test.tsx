import { UPLOAD_LIMIT_MESSAGES } from '@adreel/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readVideoDuration } from '@/features/upload/lib/read-video-duration';
import { setAccessToken } from '@/lib/api';
import { jsonResponse, mockApi, renderApp, signedInAs } from '@/test/render-app';

interface FakeOptions {
  metadata: Record<string, string>;
  onBeforeRequest: (request: { setHeader: (name: string, value: string) => void }) => void;
  onProgress: (sent: number, total: number) => void;
  onSuccess: (payload: { lastResponse: { getBody: () => string } }) => void;
  onError: (error: unknown) => void;
}

const tus = vi.hoisted(() => ({
  instances: [] as {
    file: File;
    options: FakeOptions;
    start: () => void;
    abort: (terminate?: boolean) => Promise<void>;
    resumeFromPreviousUpload: (previous: unknown) => void;
  }[],
  previous: [] as unknown[],
}));

vi.mock('tus-js-client', () => {
  class Upload {
    start = vi.fn();
    abort = vi.fn(async () => {});
    resumeFromPreviousUpload = vi.fn();
    findPreviousUploads = vi.fn(async () => tus.previous);
    static terminate = vi.fn(async () => {});
    constructor(
      readonly file: File,
      readonly options: FakeOptions,
    ) {
      tus.instances.push(this);
    }
  }
  return { Upload, defaultOptions: { urlStorage: { removeUpload: vi.fn(async () => {}) } } };
});

vi.mock('@/features/upload/lib/read-video-duration', () => ({
  readVideoDuration: vi.fn(async () => 12),
}));

const CAMPAIGN = {
  id: '6f1c1b2e-1d7a-4c1e-9f6e-0a3b5c7d9e11',
  title: 'Summer Sneaker Drop',
  payoutPerVideoCents: 5000,
};

function videoFile(name = 'clip.mp4', type = 'video/mp4', size?: number): File {
  const file = new File(['not really a video'], name, { type });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

/** The last tus upload the screen started. */
function lastUpload() {
  const upload = tus.instances.at(-1);
  if (!upload) throw new Error('no upload was created');
  return upload;
}

function openUpload(path = '/creator/upload') {
  mockApi({
    'GET /api/campaigns/open': jsonResponse({ campaigns: [CAMPAIGN] }),
    'GET /api/creator/videos': jsonResponse({ videos: [] }),
  });
  const user = userEvent.setup({ applyAccept: false });
  const app = renderApp(path, signedInAs('creator'));
  return { user, ...app };
}

async function pickFile(user: ReturnType<typeof userEvent.setup>, file: File) {
  await user.upload(await screen.findByLabelText('Video file'), file);
}

beforeEach(() => {
  tus.instances.length = 0;
  tus.previous = [];
  vi.mocked(readVideoDuration).mockResolvedValue(12);
});

describe('upload video: checks before sending', () => {
  it('asks for a file when none is chosen', async () => {
    const { user } = openUpload();
    await user.type(await screen.findByLabelText('Title'), 'My ad');
    await user.click(screen.getByRole('button', { name: 'Upload video' }));
    expect(await screen.findByText('Please select a video file')).toBeTruthy();
    expect(tus.instances.filter((u) => vi.mocked(u.start).mock.calls.length > 0)).toEqual([]);
  });

  it('refuses a file that is not MP4, WebM or MOV', async () => {
    const { user } = openUpload();
    await pickFile(user, videoFile('clip.avi', 'video/x-msvideo'));
    expect(
      await screen.findByText('Invalid file type. Please upload MP4, WebM, or MOV video files.'),
    ).toBeTruthy();
  });

  it('refuses a file over 100MB', async () => {
    const { user } = openUpload();
    await pickFile(user, videoFile('big.mp4', 'video/mp4', 100 * 1024 * 1024 + 1));
    expect(await screen.findByText('File size must be under 100MB')).toBeTruthy();
  });

  it('refuses a file whose duration cannot be read', async () => {
    vi.mocked(readVideoDuration).mockResolvedValue(null);
    const { user } = openUpload();
    await pickFile(user, videoFile());
    expect(
      await screen.findByText(
        "Unable to determine video duration. Please ensure you're uploading a valid video file.",
      ),
    ).toBeTruthy();
  });

  it('refuses an endless duration too', async () => {
    vi.mocked(readVideoDuration).mockResolvedValue(Number.POSITIVE_INFINITY);
    const { user } = openUpload();
    await pickFile(user, videoFile('live.webm', 'video/webm'));
    expect(await screen.findByText(/Unable to determine video duration/)).toBeTruthy();
  });

  it('refuses a video longer than 30 seconds', async () => {
    vi.mocked(readVideoDuration).mockResolvedValue(30.5);
    const { user } = openUpload();
    await pickFile(user, videoFile('long.mov', 'video/quicktime'));
    expect(await screen.findByText('Video must be 30 seconds or less')).toBeTruthy();
  });

  it('asks for a title and an http(s) link', async () => {
    const { user } = openUpload();
    await pickFile(user, videoFile());
    await user.click(screen.getByRole('button', { name: 'Upload video' }));
    expect(await screen.findByText('Title is required')).toBeTruthy();

    await user.type(screen.getByLabelText('Title'), 'My ad');
    await user.type(screen.getByLabelText('Button link'), 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Upload video' }));
    expect(await screen.findByText('Link must start with http:// or https://')).toBeTruthy();
    expect(tus.instances.some((u) => vi.mocked(u.start).mock.calls.length > 0)).toBe(false);
  });
});

describe('upload video: sending', () => {
  it('uploads with progress, then says it is in review and opens My Videos', async () => {
    const { user, router } = openUpload(`/creator/upload?campaign=${CAMPAIGN.id}`);
    const campaign = await screen.findByRole('option', {
      name: 'Summer Sneaker Drop · $50 per video',
    });
    expect((campaign as HTMLOptionElement).selected).toBe(true);
    await pickFile(user, videoFile());
    await user.type(screen.getByLabelText('Title'), '  Sneakers in motion ');
    await user.type(screen.getByLabelText('Caption'), 'Fresh drop');
    await user.type(screen.getByLabelText('Button text'), 'Shop now');
    await user.type(screen.getByLabelText('Button link'), 'https://example.com/shop');
    await user.click(screen.getByRole('button', { name: 'Upload video' }));

    await waitFor(() => expect(lastUpload().start).toHaveBeenCalled());
    const upload = lastUpload();
    expect(upload.options.metadata).toEqual({
      filename: 'clip.mp4',
      filetype: 'video/mp4',
      title: 'Sneakers in motion',
      caption: 'Fresh drop',
      campaignId: CAMPAIGN.id,
      ctaText: 'Shop now',
      ctaUrl: 'https://example.com/shop',
    });

    setAccessToken('current-token');
    const setHeader = vi.fn();
    upload.options.onBeforeRequest({ setHeader });
    expect(setHeader).toHaveBeenCalledWith('Authorization', 'Bearer current-token');
    setAccessToken(null);

    upload.options.onProgress(40, 100);
    expect(await screen.findByText('Uploading… 40%')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toBeTruthy();

    upload.options.onSuccess({
      lastResponse: { getBody: () => JSON.stringify({ video: { id: 'v1' } }) },
    });
    expect(
      await screen.findByText('Il tuo video è in revisione: ti avviseremo appena sarà approvato.'),
    ).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/creator/videos'));
  });

  it("shows the server's message when it refuses the file", async () => {
    const { user } = openUpload();
    await pickFile(user, videoFile());
    await user.type(screen.getByLabelText('Title'), 'My ad');
    await user.click(screen.getByRole('button', { name: 'Upload video' }));
    await waitFor(() => expect(lastUpload().start).toHaveBeenCalled());
    lastUpload().options.onError({
      message: 'tus: unexpected response',
      originalResponse: {
        getStatus: () => 422,
        getBody: () =>
          JSON.stringify({
            error: { code: 'video_too_long', message: 'Video must be 30 seconds or less' },
          }),
      },
    });
    expect(await screen.findAllByText('Video must be 30 seconds or less')).not.toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Upload video' })).toBeTruthy();
  });

  it('shows the limit on unfinished uploads when the server refuses a new one (issue 13)', async () => {
    const { user } = openUpload();
    await pickFile(user, videoFile());
    await user.type(screen.getByLabelText('Title'), 'My ad');
    await user.click(screen.getByRole('button', { name: 'Upload video' }));
    await waitFor(() => expect(lastUpload().start).toHaveBeenCalled());
    lastUpload().options.onError({
      message: 'tus: unexpected response',
      originalResponse: {
        getStatus: () => 403,
        getBody: () =>
          JSON.stringify({
            error: {
              code: 'unfinished_uploads_limit',
              message: UPLOAD_LIMIT_MESSAGES.tooManyUnfinished,
            },
          }),
      },
    });
    expect(await screen.findAllByText(UPLOAD_LIMIT_MESSAGES.tooManyUnfinished)).not.toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Upload video' })).toBeTruthy();
  });

  it('says "Error uploading video" when the upload fails otherwise', async () => {
    const { user } = openUpload();
    await pickFile(user, videoFile());
    await user.type(screen.getByLabelText('Title'), 'My ad');
    await user.click(screen.getByRole('button', { name: 'Upload video' }));
    await waitFor(() => expect(lastUpload().start).toHaveBeenCalled());
    lastUpload().options.onError(new Error('tus: failed to upload chunk'));
    expect(await screen.findByText('Error uploading video')).toBeTruthy();
  });

  it('cancels a running upload', async () => {
    const { user } = openUpload();
    await pickFile(user, videoFile());
    await user.type(screen.getByLabelText('Title'), 'My ad');
    await user.click(screen.getByRole('button', { name: 'Upload video' }));
    await waitFor(() => expect(lastUpload().start).toHaveBeenCalled());
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(lastUpload().abort).toHaveBeenCalledWith(true);
    expect(await screen.findByRole('button', { name: 'Upload video' })).toBeTruthy();
  });

  it('offers to resume an unfinished upload of the same file', async () => {
    const previous = {
      size: 18,
      metadata: { title: 'Half way there', filename: 'clip.mp4' },
      creationTime: new Date().toISOString(),
      urlStorageKey: 'tus::fp::1',
      uploadUrl: '/api/uploads/abc',
      parallelUploadUrls: null,
    };
    tus.previous = [previous];
    const { user } = openUpload();
    await pickFile(user, videoFile());
    expect(await screen.findByText('You already started uploading this file')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Resume upload' }));
    const upload = lastUpload();
    expect(upload.resumeFromPreviousUpload).toHaveBeenCalledWith(previous);
    expect(upload.start).toHaveBeenCalled();
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Half way there');
  });
});
