import { DetailedError, type HttpResponse } from 'tus-js-client';
import { describe, expect, it } from 'vitest';
import { createVideoUpload, uploadErrorMessage } from './upload-video';

function refusal(status: number, message = 'There is no room to store your video right now.') {
  const response = {
    getStatus: () => status,
    getBody: () => JSON.stringify({ error: { code: 'x', message } }),
    getHeader: () => undefined,
    getUnderlyingObject: () => null,
  } as unknown as HttpResponse;
  return Object.assign(new DetailedError('tus: unexpected response'), {
    originalResponse: response,
  });
}

describe('upload errors', () => {
  it("shows the server's words for a refusal and for a full disk, else 'Error uploading video'", () => {
    expect(uploadErrorMessage(refusal(400, 'Video must be 30 seconds or less'))).toBe(
      'Video must be 30 seconds or less',
    );
    expect(uploadErrorMessage(refusal(507))).toBe(
      'There is no room to store your video right now.',
    );
    expect(uploadErrorMessage(refusal(500, 'stack trace'))).toBe('Error uploading video');
    expect(uploadErrorMessage(new Error('network down'))).toBe('Error uploading video');
  });

  it('retries a dropped connection and a passing fault, but not a full disk or a refusal', () => {
    const file = new File([new Uint8Array(8)], 'ad.mp4', { type: 'video/mp4' });
    const upload = createVideoUpload(
      file,
      { title: 'Ad' },
      { onProgress: () => {}, onSuccess: () => {}, onError: () => {} },
    );
    const shouldRetry = upload.options.onShouldRetry;
    if (!shouldRetry) throw new Error('no retry rule');
    const retries = (error: DetailedError) => shouldRetry(error, 0, upload.options);
    expect(retries(Object.assign(new DetailedError('offline'), { originalResponse: null }))).toBe(
      true,
    );
    expect(retries(refusal(503))).toBe(true);
    expect(retries(refusal(423))).toBe(true);
    expect(retries(refusal(507))).toBe(false);
    expect(retries(refusal(400))).toBe(false);
  });
});
