import {
  INVALID_TRAFFIC_REASON_LABELS,
  VIEW_MIN_PLAYBACK_MS,
  VIEWS_PER_IP_PER_DAY,
} from '@adreel/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderApp } from '@/test/render-app';

describe('how we count', () => {
  it('states the view definition with the shared numbers, signed out', async () => {
    mockApi({});
    renderApp('/how-we-count');
    expect(await screen.findByRole('heading', { level: 1, name: 'How we count' })).toBeTruthy();
    const view = screen.getByRole('region', { name: 'What counts as a view' });
    expect(view.textContent).toContain(
      `A view counts after ${VIEW_MIN_PLAYBACK_MS / 1000} seconds of playback while at least 50% of the video is on screen, in a browser tab that is visible and in focus.`,
    );
    expect(screen.getByRole('region', { name: 'One view per person' }).textContent).toContain(
      `At most ${VIEWS_PER_IP_PER_DAY} views per network address and video every 24 hours`,
    );
    expect(screen.getByRole('region', { name: 'One view per person' }).textContent).toContain(
      'A view counts only for a video the feed showed to that viewer in the last 2 hours.',
    );
    const filtered = screen.getByRole('region', { name: 'Filtered traffic' });
    for (const label of Object.values(INVALID_TRAFFIC_REASON_LABELS)) {
      expect(within(filtered).getByText(label)).toBeTruthy();
    }
  });

  it('is linked from the Community Guidelines', async () => {
    mockApi({});
    renderApp('/guidelines');
    const link = await screen.findByRole('link', { name: 'How we count' });
    expect(link.getAttribute('href')).toBe('/how-we-count');
  });
});
