/**
 * The Performance tab's chart. Its own module, loaded with React.lazy, so recharts is fetched only
 * when a brand opens the tab (decision 012).
 */
import type { BrandPerformance } from '@adreel/domain';
import {
  Area,
  AreaChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { TOOLTIP_STYLE } from '@/lib/metrics/chart-style';

/** Views on the left axis; likes and shares, an order of magnitude fewer, on the right one. */
const SERIES = [
  { key: 'views', name: 'Views', color: 'var(--color-primary)', axis: 'views' },
  { key: 'likes', name: 'Likes', color: 'var(--color-brand-violet)', axis: 'reactions' },
  { key: 'shares', name: 'Shares', color: 'var(--color-brand-orange)', axis: 'reactions' },
] as const;

const dayLabel = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });
function formatDay(date: string): string {
  return dayLabel.format(new Date(`${date}T00:00:00Z`));
}

export default function PerformanceChart({ daily }: { daily: BrandPerformance['daily'] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <AreaChart data={daily} margin={{ top: 8, right: -8, bottom: 0, left: -16 }}>
        <defs>
          {SERIES.map((s) => (
            <linearGradient key={s.key} id={`fill-${s.key}`} x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor={s.color} stopOpacity={0.28} />
              <stop offset="100%" stopColor={s.color} stopOpacity={0} />
            </linearGradient>
          ))}
        </defs>
        <CartesianGrid stroke="var(--color-border)" vertical={false} />
        <XAxis
          dataKey="date"
          tickFormatter={formatDay}
          tick={{ fontSize: 12, fill: 'var(--color-muted-foreground)' }}
          tickLine={false}
          axisLine={false}
          minTickGap={24}
        />
        <YAxis
          yAxisId="views"
          allowDecimals={false}
          tick={{ fontSize: 12, fill: 'var(--color-muted-foreground)' }}
          tickLine={false}
          axisLine={false}
          width={48}
        />
        <YAxis
          yAxisId="reactions"
          orientation="right"
          allowDecimals={false}
          tick={{ fontSize: 12, fill: 'var(--color-muted-foreground)' }}
          tickLine={false}
          axisLine={false}
          width={40}
        />
        <Tooltip
          labelFormatter={(label) => formatDay(String(label))}
          contentStyle={TOOLTIP_STYLE}
        />
        <Legend iconType="circle" wrapperStyle={{ fontSize: 13 }} />
        {SERIES.map((s) => (
          <Area
            key={s.key}
            yAxisId={s.axis}
            type="monotone"
            dataKey={s.key}
            name={s.name}
            stroke={s.color}
            strokeWidth={2}
            fill={`url(#fill-${s.key})`}
            isAnimationActive={false}
          />
        ))}
      </AreaChart>
    </ResponsiveContainer>
  );
}
