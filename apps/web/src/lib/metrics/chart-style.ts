/** Recharts tooltips' box, the same on every chart (the Performance tab's and the analytics'). */
export const TOOLTIP_STYLE = {
  borderRadius: 12,
  border: '1px solid var(--color-border)',
  fontSize: 13,
};
