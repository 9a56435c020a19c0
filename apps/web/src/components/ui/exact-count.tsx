import { countWithNoun, formatThousands } from '@adreel/domain';

/**
 * A count as SPEC.md shows it, in thousands ("1.2K"), read out in full with its noun
 * ("1,234 likes"): the rounded figure is hidden from assistive technology, the exact one is
 * hidden from sight. `shown` replaces the visible text (e.g. "1.2K views").
 */
export function ExactCount({
  count,
  one,
  many,
  shown,
  className,
}: {
  count: number;
  one: string;
  many: string;
  shown?: string;
  className?: string;
}) {
  // relative: the sr-only figure is absolutely positioned; inside a truncated line (the admin's
  // approved list) it would otherwise escape the clip and widen the page (issue 18 layout journey).
  return (
    <span className={className ? `relative ${className}` : 'relative'}>
      <span aria-hidden="true">{shown ?? formatThousands(count)}</span>
      <span className="sr-only">{countWithNoun(count, one, many)}</span>
    </span>
  );
}
