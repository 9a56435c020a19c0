import { cn } from '@/lib/utils';

/** A person's photo, else their initial on the brand gradient (SPEC.md §2: photo or a placeholder). */
export function Avatar({
  name,
  photoUrl,
  className,
}: {
  name: string;
  photoUrl: string | null;
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'grid size-9 shrink-0 place-items-center overflow-hidden rounded-full bg-gradient-to-br from-brand to-brand-violet font-bold text-white uppercase',
        className,
      )}
    >
      {photoUrl ? (
        <img src={photoUrl} alt="" className="size-full object-cover" />
      ) : (
        name.trim().slice(0, 1) || '?'
      )}
    </span>
  );
}
