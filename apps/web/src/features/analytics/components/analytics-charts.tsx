/**
 * Issue 19's charts, in a module of their own loaded with React.lazy (recharts only when a video's
 * analytics are opened): the retention curve, and views over time with the publication marked.
 */
import type { RetentionPoint, SeriesPoint } from '@adreel/domain/analytics-api';
import {
  Area,
  AreaChart,
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { TOOLTIP_STYLE } from '@/lib/metrics/chart-style';

const TICK = { fontSize: 12, fill: 'var(--color-muted-foreground)' };

export function RetentionChart({
  retention,
  median,
}: {
  retention: RetentionPoint[];
  /** The median video's average watch, drawn as a dashed line for comparison. */
  median?: number;
}) {
  const data = retention.map((p) => ({ second: p.second, share: Math.round(p.share * 1000) / 10 }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <AreaChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <defs>
          <linearGradient id="fill-retention" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor="var(--color-primary)" stopOpacity={0.3} />
            <stop offset="100%" stopColor="var(--color-primary)" stopOpacity={0} />
          </linearGradient>
        </defs>
        <CartesianGrid stroke="var(--color-border)" vertical={false} />
        <XAxis
          dataKey="second"
          tick={TICK}
          tickLine={false}
          axisLine={false}
          tickFormatter={(s) => `${s}s`}
          minTickGap={16}
        />
        <YAxis
          domain={[0, 100]}
          tick={TICK}
          tickLine={false}
          axisLine={false}
          width={48}
          tickFormatter={(v) => `${v}%`}
        />
        <Tooltip
          contentStyle={TOOLTIP_STYLE}
          labelFormatter={(s) => `At ${s} s`}
          formatter={(value) => [`${value}%`, 'Still watching']}
        />
        {median !== undefined && (
          <ReferenceLine
            y={Math.round(median * 1000) / 10}
            stroke="var(--color-muted-foreground)"
            strokeDasharray="4 4"
            label={{ value: 'Median avg. watch', position: 'insideTopRight', fontSize: 11 }}
          />
        )}
        <Area
          type="stepAfter"
          dataKey="share"
          name="Still watching"
          stroke="var(--color-primary)"
          strokeWidth={2}
          fill="url(#fill-retention)"
          isAnimationActive={false}
        />
      </AreaChart>
    </ResponsiveContainer>
  );
}

const hourLabel = new Intl.DateTimeFormat('en', {
  hour: 'numeric',
  day: 'numeric',
  month: 'short',
});
const dayLabel = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });

export function pointLabel(point: Pick<SeriesPoint, 'at' | 'unit'>): string {
  const date = new Date(point.at);
  return point.unit === 'hour' ? hourLabel.format(date) : dayLabel.format(date);
}

/** The point whose hour or day holds `publishedAt`, if the series reaches back that far. */
export function publishedPoint(series: SeriesPoint[], publishedAt: string | null): string | null {
  if (!publishedAt) return null;
  const t = new Date(publishedAt).getTime();
  for (const point of series) {
    const start = new Date(point.at).getTime();
    const length = point.unit === 'hour' ? 3_600_000 : 86_400_000;
    if (t >= start && t < start + length) return point.at;
  }
  return null;
}

export function SeriesChart({
  series,
  publishedAt,
}: {
  series: SeriesPoint[];
  publishedAt: string | null;
}) {
  const marker = publishedPoint(series, publishedAt);
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart data={series} margin={{ top: 16, right: 0, bottom: 0, left: -16 }}>
        <CartesianGrid stroke="var(--color-border)" vertical={false} />
        <XAxis
          dataKey="at"
          tick={TICK}
          tickLine={false}
          axisLine={false}
          minTickGap={28}
          tickFormatter={(at: string) =>
            pointLabel(series.find((p) => p.at === at) ?? { at, unit: 'day' })
          }
        />
        <YAxis allowDecimals={false} tick={TICK} tickLine={false} axisLine={false} width={48} />
        <Tooltip
          contentStyle={TOOLTIP_STYLE}
          labelFormatter={(at) => {
            const point = series.find((p) => p.at === at);
            return point ? `${pointLabel(point)}${point.unit === 'day' ? ' (day)' : ''}` : '';
          }}
        />
        <Legend iconType="circle" wrapperStyle={{ fontSize: 13 }} />
        <Bar
          dataKey="views"
          name="Counted views"
          fill="var(--color-primary)"
          isAnimationActive={false}
        />
        <Bar
          dataKey="filtered"
          name="Filtered (not counted)"
          fill="var(--color-muted-foreground)"
          fillOpacity={0.45}
          isAnimationActive={false}
        />
        <Line
          dataKey="completions"
          name="Completions"
          stroke="var(--color-brand-violet)"
          dot={false}
          strokeWidth={2}
          isAnimationActive={false}
        />
        <Line
          dataKey="clicks"
          name="Clicks"
          stroke="var(--color-brand-orange)"
          dot={false}
          strokeWidth={2}
          isAnimationActive={false}
        />
        {marker && (
          <ReferenceLine
            x={marker}
            stroke="var(--color-foreground)"
            strokeDasharray="3 3"
            label={{ value: 'Published', position: 'top', fontSize: 11 }}
          />
        )}
      </ComposedChart>
    </ResponsiveContainer>
  );
}
