import type { BrandPerformance } from '@adreel/domain';
import { type CsvCell, toCsv } from '@/lib/csv';

const percent = (fraction: number) => (fraction * 100).toFixed(1);

/**
 * The Performance tab as CSV: one row per campaign, then one per video, then the daily series.
 * Views are counted views; filtered_views are those kept apart (issue 16).
 */
export function performanceCsv(data: BrandPerformance): string {
  const rows: CsvCell[][] = [
    [
      'level',
      'campaign',
      'video',
      'creator',
      'views',
      'filtered_views',
      'likes',
      'shares',
      'clicks',
      'completion_rate_pct',
      'watch_pct',
    ],
  ];
  for (const c of data.campaigns)
    rows.push([
      'campaign',
      c.title,
      '',
      '',
      c.views,
      c.filtered.views,
      c.likes,
      c.shares,
      c.clicks,
      percent(c.completionRate),
      percent(c.watchRate),
    ]);
  for (const v of data.videos)
    rows.push([
      'video',
      v.campaignTitle,
      v.title,
      v.creator.username,
      v.views,
      v.filtered.views,
      v.likes,
      v.shares,
      v.clicks,
      percent(v.completionRate),
      percent(v.watchRate),
    ]);
  rows.push([]);
  rows.push(['date', 'views', 'likes', 'shares']);
  for (const d of data.daily) rows.push([d.date, d.views, d.likes, d.shares]);
  return toCsv(rows);
}
