/**
 * Issue 19's exports: a CSV per video and per campaign with the figures the screen shows (counted
 * traffic, the median beside, money to the cent, filtered views apart), and a PNG of a chart.
 */
import type {
  AnalyticsOverview,
  AnalyticsVideo,
  CostFigures,
  MedianFigures,
  VideoAnalytics,
} from '@adreel/domain/analytics-api';
import { type CsvCell, downloadBlob, toCsv } from '@/lib/csv';

const pct = (fraction: number) => (fraction * 100).toFixed(1);
const dollars = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(4));

const FIGURE_HEADER = [
  'views',
  'filtered_views',
  'completions',
  'completion_rate_pct',
  'average_watch_pct',
  'clicks',
  'ctr_pct',
  'likes',
  'shares',
  'likes_per_1000',
  'shares_per_1000',
  'payout_usd',
  'cost_per_view_usd',
  'cost_per_completed_view_usd',
];

function videoRow(v: AnalyticsVideo): CsvCell[] {
  const f = v.figures;
  return [
    f.views,
    f.filteredViews,
    f.completions,
    pct(f.completionRate),
    pct(f.averageWatch),
    f.clicks,
    pct(f.clickThroughRate),
    f.likes,
    f.shares,
    f.likesPerThousand.toFixed(1),
    f.sharesPerThousand.toFixed(1),
    ...costCells(v.cost),
  ];
}

function costCells(cost: CostFigures | null): CsvCell[] {
  return cost
    ? [
        dollars(cost.payoutCents),
        dollars(cost.costPerViewCents),
        dollars(cost.costPerCompletedViewCents),
      ]
    : ['', '', ''];
}

function medianRow(m: MedianFigures): CsvCell[] {
  return [
    m.views,
    '',
    '',
    pct(m.completionRate),
    pct(m.averageWatch),
    '',
    pct(m.clickThroughRate),
    '',
    '',
    m.likesPerThousand.toFixed(1),
    m.sharesPerThousand.toFixed(1),
    '',
    '',
    '',
  ];
}

/** One video: its figures and the median's, its retention curve, then its series. */
export function videoCsv(data: VideoAnalytics): string {
  const rows: CsvCell[][] = [
    ['section', 'label', ...FIGURE_HEADER],
    ['figures', data.video.title, ...videoRow(data.video)],
    ['figures', `median of ${data.median.videos} videos`, ...medianRow(data.median)],
    [],
    ['retention', 'second', 'share_still_watching_pct'],
    ...data.retention.map((p) => ['retention', p.second, pct(p.share)]),
    [],
    [
      'series',
      'start_utc',
      'unit',
      'views',
      'completions',
      'clicks',
      'likes',
      'shares',
      'filtered_views',
    ],
    ...data.series.map((p) => [
      'series',
      p.at,
      p.unit,
      p.views,
      p.completions,
      p.clicks,
      p.likes,
      p.shares,
      p.filtered,
    ]),
  ];
  return toCsv(rows);
}

/** One campaign: a row per video approved into it, then the campaign's total cost. */
export function campaignCsv(data: AnalyticsOverview, campaignId: string): string {
  const campaign = data.campaigns.find((c) => c.id === campaignId);
  const rows: CsvCell[][] = [['video', 'creator', ...FIGURE_HEADER]];
  for (const v of data.videos.filter((video) => video.campaignId === campaignId))
    rows.push([v.title, v.creatorName, ...videoRow(v)]);
  if (campaign)
    rows.push([
      `campaign total: ${campaign.title}`,
      '',
      campaign.cost.views,
      campaign.filteredViews,
      campaign.cost.completions,
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      ...costCells(campaign.cost),
    ]);
  rows.push(['median of the brand’s videos', '', ...medianRow(data.median)]);
  return toCsv(rows);
}

/** File-name-safe slug of a title. */
export function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40) || 'video'
  );
}

const PAINTED = ['fill', 'stroke', 'stop-color', 'color'] as const;

/**
 * A PNG of the chart inside `container`: its SVG with every color resolved (the chart's colors are
 * CSS variables an image does not have), drawn on a white canvas at twice the size.
 */
export async function downloadChartPng(container: HTMLElement, filename: string): Promise<void> {
  const svg = container.querySelector('svg.recharts-surface') ?? container.querySelector('svg');
  if (!svg) return;
  const { width, height } = svg.getBoundingClientRect();
  const clone = svg.cloneNode(true) as SVGSVGElement;
  const originals = [svg, ...svg.querySelectorAll('*')];
  const copies = [clone, ...clone.querySelectorAll('*')];
  originals.forEach((element, i) => {
    const copy = copies[i];
    if (!copy) return;
    const style = getComputedStyle(element);
    for (const property of PAINTED) {
      const value = style.getPropertyValue(property);
      if (value) (copy as SVGElement).style.setProperty(property, value);
    }
    (copy as SVGElement).style.setProperty('font-family', style.fontFamily);
  });
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  clone.setAttribute('width', String(width));
  clone.setAttribute('height', String(height));
  const source = new XMLSerializer().serializeToString(clone);
  const image = new Image();
  const url = URL.createObjectURL(new Blob([source], { type: 'image/svg+xml;charset=utf-8' }));
  try {
    await new Promise<void>((resolve, reject) => {
      image.onload = () => resolve();
      image.onerror = () => reject(new Error('the chart could not be drawn'));
      image.src = url;
    });
    const scale = 2;
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    const context = canvas.getContext('2d');
    if (!context) return;
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.scale(scale, scale);
    context.drawImage(image, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (blob) downloadBlob(filename, blob);
  } finally {
    URL.revokeObjectURL(url);
  }
}
