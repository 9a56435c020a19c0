import { NO_FILTERED_TRAFFIC } from '@adreel/domain';
import { describe, expect, it } from 'vitest';
import { performanceCsv } from './performance-csv';

const figures = {
  views: 10,
  likes: 2,
  shares: 1,
  clicks: 3,
  completionRate: 0.5,
  watchRate: 0.625,
  filtered: { views: 4, byReason: { bot_user_agent: 4 } },
};

describe('performanceCsv', () => {
  it('writes campaigns, videos and the daily series, quoting commas and defusing formulas', () => {
    const csv = performanceCsv({
      days: 2,
      filtered: NO_FILTERED_TRAFFIC,
      campaigns: [{ id: 'c', title: 'Split, the bill', videoCount: 1, ...figures }],
      videos: [
        {
          id: 'v',
          title: '=HYPERLINK("x")',
          campaignId: 'c',
          campaignTitle: 'Split, the bill',
          creator: { id: 'u', username: 'maya', displayName: 'Maya', photoUrl: null },
          ...figures,
        },
      ],
      daily: [
        { date: '2026-11-21', views: 4, likes: 1, shares: 0 },
        { date: '2026-11-22', views: 6, likes: 1, shares: 1 },
      ],
    });
    expect(csv.split('\r\n')).toEqual([
      'level,campaign,video,creator,views,filtered_views,likes,shares,clicks,completion_rate_pct,watch_pct',
      'campaign,"Split, the bill",,,10,4,2,1,3,50.0,62.5',
      `video,"Split, the bill","'=HYPERLINK(""x"")",maya,10,4,2,1,3,50.0,62.5`,
      '',
      'date,views,likes,shares',
      '2026-11-21,4,1,0',
      '2026-11-22,6,1,1',
      '',
    ]);
  });
});
