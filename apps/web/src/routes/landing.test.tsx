import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '@/test/render-app';

function answerBetaProgress(response: () => Response) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    if (String(input) === '/api/beta/progress') return response();
    return jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('landing page', () => {
  it('presents the four platform features', async () => {
    answerBetaProgress(() => jsonResponse({ count: 42, target: 100 }));
    renderApp('/');
    const features = await screen.findByRole('region', { name: 'Platform Features' });
    expect(
      within(features)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([
      // SPEC.md §1's four, the fourth being rewarded through a fair payment system (issue 18).
      'Creative 30-second video ads',
      'Brands meet talent',
      'Real-time performance analytics',
      'Rewarded through a fair payment system',
    ]);
  });

  it('shows the beta count from the server, and its progress', async () => {
    const fetchMock = answerBetaProgress(() => jsonResponse({ count: 42, target: 100 }));
    renderApp('/');
    expect(await screen.findByText('42')).toBeTruthy();
    expect(screen.getByText('/ 100')).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'Beta progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('42');
    expect(bar.getAttribute('aria-valuetext')).toBe('42 of 100 people joined');
    expect(screen.getByText('Once 100 people join, the first challenge will begin.')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith('/api/beta/progress', expect.anything());
  });

  it('says quietly when the count cannot be loaded, and shows no number', async () => {
    answerBetaProgress(() => jsonResponse({ error: { code: 'internal', message: 'boom' } }, 500));
    renderApp('/');
    expect(await screen.findByText("The beta count can't be loaded right now.")).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByText(/\/ 100/)).toBeNull();
  });

  it('offers the calls to action of SPEC.md with their destinations', async () => {
    answerBetaProgress(() => jsonResponse({ count: 0, target: 100 }));
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    const hero = screen.getByRole('region', { name: /ads people actually want to watch/i });
    expect(within(hero).getByRole('link', { name: 'Join the Beta' }).getAttribute('href')).toBe(
      '/join',
    );
    expect(within(hero).getByRole('link', { name: 'View Demo' }).getAttribute('href')).toBe(
      '/feed',
    );
    expect(within(hero).getByRole('link', { name: 'Guidelines' }).getAttribute('href')).toBe(
      '/guidelines',
    );
    const banner = screen.getByRole('banner');
    expect(within(banner).getByText('Beta')).toBeTruthy();
    for (const name of ['Join Beta', 'View Demo', 'Guidelines']) {
      expect(within(banner).getByRole('link', { name })).toBeTruthy();
    }
    expect(screen.getByRole('heading', { name: 'Currently in Private Beta' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request Access' }).getAttribute('href')).toBe('/join');
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });

  it('raises the count live from the server-sent stream, and closes it on leaving', async () => {
    const encoder = new TextEncoder();
    let push: (progress: object) => void = () => {};
    const streams: Array<{ headers: Headers; signal: AbortSignal | undefined }> = [];
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === '/api/beta/progress') return jsonResponse({ count: 42, target: 100 });
      if (String(input) !== '/api/beta/progress/stream') return jsonResponse({}, 404);
      streams.push({ headers: new Headers(init?.headers), signal: init?.signal ?? undefined });
      return new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            push = (progress) =>
              controller.enqueue(encoder.encode(`data: ${JSON.stringify(progress)}\n\n`));
            controller.enqueue(encoder.encode('retry: 3000\n\n'));
          },
        }),
        { headers: { 'content-type': 'text/event-stream; charset=utf-8' } },
      );
    });
    vi.stubGlobal('fetch', fetchMock);
    const { unmount } = renderApp('/');
    expect(await screen.findByText('42')).toBeTruthy();
    await waitFor(() => expect(streams).toHaveLength(1));
    // The public counter sends no token: it counts against no account's streams.
    expect(streams[0]?.headers.get('authorization')).toBeNull();

    act(() => push({ count: 43, target: 100 }));
    expect(await screen.findByText('43')).toBeTruthy();
    expect(
      screen.getByRole('progressbar', { name: 'Beta progress' }).getAttribute('aria-valuenow'),
    ).toBe('43');

    unmount();
    expect(streams[0]?.signal?.aborted).toBe(true);
  });
});
