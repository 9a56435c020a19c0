import type { AnalyticsOverview, VideoAnalytics } from '@adreel/domain/analytics-api';
import { describe, expect, it } from 'vitest';
import { campaignCsv, slug, videoCsv } from './export';

const figures = {
  views: 200,
  completions: 50,
  completionRate: 0.25,
  averageWatch: 0.6,
  clicks: 10,
  clickThroughRate: 0.05,
  likes: 4,
  shares: 2,
  likesPerThousand: 20,
  sharesPerThousand: 10,
  filteredViews: 7,
};
const median = {
  videos: 3,
  views: 150,
  completionRate: 0.2,
  averageWatch: 0.5,
  clickThroughRate: 0.04,
  likesPerThousand: 12,
  sharesPerThousand: 6,
};
const video = {
  id: '00000000-0000-4000-8000-000000000001',
  title: '=HYPERLINK("x"), a title',
  creatorName: 'Cleo',
  campaignId: '00000000-0000-4000-8000-000000000002',
  campaignTitle: 'Spring',
  publishedAt: '2026-11-20T10:00:00.000Z',
  durationSec: 10,
  figures,
  cost: {
    payoutCents: 10_000,
    views: 200,
    completions: 50,
    costPerViewCents: 50,
    costPerCompletedViewCents: 200,
  },
};

describe('videoCsv', () => {
  it('has the figures, the median, the retention and the series, with formulas defused', () => {
    const data: VideoAnalytics = {
      side: 'brand',
      video,
      median,
      retention: [
        { second: 0, share: 1 },
        { second: 1, share: 0.5 },
      ],
      series: [
        {
          at: '2026-11-24T10:00:00.000Z',
          unit: 'hour',
          views: 3,
          completions: 1,
          clicks: 0,
          likes: 0,
          shares: 0,
          filtered: 2,
        },
      ],
      generatedAt: '2026-11-24T10:30:00.000Z',
    };
    const lines = videoCsv(data).split('\r\n');
    expect(lines[1]).toBe(
      `figures,"'=HYPERLINK(""x""), a title",200,7,50,25.0,60.0,10,5.0,4,2,20.0,10.0,100.0000,0.5000,2.0000`,
    );
    expect(lines[2]).toContain('median of 3 videos,150');
    expect(lines).toContain('retention,1,50.0');
    expect(lines).toContain('series,2026-11-24T10:00:00.000Z,hour,3,1,0,0,0,2');
  });
});

describe('campaignCsv', () => {
  it("lists the campaign's videos and its total cost", () => {
    const data: AnalyticsOverview = {
      side: 'brand',
      videos: [video, { ...video, id: '00000000-0000-4000-8000-000000000003', campaignId: null }],
      median,
      campaigns: [{ id: video.campaignId, title: 'Spring', cost: video.cost, filteredViews: 7 }],
      overall: video.cost,
      generatedAt: '2026-11-24T10:30:00.000Z',
    };
    const lines = campaignCsv(data, video.campaignId).trim().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[2]).toMatch(/^campaign total: Spring,,200,7,50,/);
    expect(lines[2]).toMatch(/100\.0000,0\.5000,2\.0000$/);
  });
});

describe('slug', () => {
  it('makes a file-name-safe name', () => {
    expect(slug('Aero Runner: first mile!')).toBe('aero-runner-first-mile');
    expect(slug('***')).toBe('video');
  });
});
