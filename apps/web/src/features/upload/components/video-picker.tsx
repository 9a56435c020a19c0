import { previewOf, VIDEO_MAX_BYTES, VIDEO_MAX_SECONDS, VIDEO_MIME_TYPES } from '@adreel/domain';
import { Film, RefreshCw, UploadCloud } from 'lucide-react';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';

interface VideoPickerProps {
  file: File | null;
  /** The duration the browser read, once it has. */
  durationSec: number | null;
  measuring: boolean;
  error: string | null;
  disabled?: boolean;
  onPick: (file: File) => void;
}

function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

function formatSize(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** File picker and drop target in one, with a muted preview of the chosen clip (9:16). */
export function VideoPicker({
  file,
  durationSec,
  measuring,
  error,
  disabled,
  onPick,
}: VideoPickerProps) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const previewUrl = useObjectUrl(file);

  function onDrop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped && !disabled) onPick(dropped);
  }

  return (
    <div className="flex flex-col gap-2">
      <section
        aria-label="Video"
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'relative mx-auto w-full overflow-hidden rounded-[1.75rem] transition-[box-shadow,border-color,background-color] md:aspect-[9/16] md:max-w-[17rem]',
          // On a phone an empty 9:16 drop zone would push the form off screen: it stays short there.
          previewUrl || file
            ? 'aspect-[9/16] max-w-[13rem] bg-ink shadow-lift ring-1 ring-black/5'
            : 'aspect-[5/3] border-2 border-dashed border-input bg-muted/60 hover:border-primary/60 hover:bg-brand-soft/60',
          dragging && 'border-primary bg-brand-soft ring-4 ring-primary/15',
          error && !file && 'border-destructive',
        )}
      >
        {previewUrl ? (
          <video
            src={previewUrl}
            muted
            playsInline
            autoPlay
            loop
            className="size-full object-cover"
            aria-label={previewOf(file?.name ?? 'your video')}
          />
        ) : file ? (
          <div className="grid size-full place-items-center text-ink-muted">
            <Film className="size-10" aria-hidden="true" />
          </div>
        ) : (
          <label
            htmlFor={inputId}
            className="flex size-full cursor-pointer flex-col items-center justify-center gap-3 px-6 text-center"
          >
            <span className="grid size-14 place-items-center rounded-2xl bg-ink text-white shadow-lift">
              <UploadCloud className="size-6" aria-hidden="true" />
            </span>
            <span className="font-semibold text-balance">
              Drop your video here or <span className="text-primary">choose a file</span>
            </span>
            <span className="text-[0.8125rem] text-pretty text-muted-foreground">
              Vertical MP4, WebM or MOV, up to {VIDEO_MAX_SECONDS} seconds and{' '}
              {VIDEO_MAX_BYTES / 1024 / 1024}MB
            </span>
          </label>
        )}
        {file && (
          <div className="absolute inset-x-0 bottom-0 flex items-end justify-between gap-2 bg-gradient-to-t from-black/75 via-black/35 to-transparent p-3 pt-12 text-white">
            <div className="min-w-0 text-[0.8125rem]">
              <p className="truncate font-semibold">{file.name}</p>
              <p className="whitespace-nowrap text-white/75 tabular-nums">
                {formatSize(file.size)}
                {measuring
                  ? ' · reading…'
                  : durationSec !== null && Number.isFinite(durationSec)
                    ? ` · ${durationSec.toFixed(1)} s`
                    : ''}
              </p>
            </div>
            {!disabled && (
              // On a phone the preview is 13rem wide: the word would squeeze the name, size and
              // duration onto extra lines, so there it is an icon with the same accessible name.
              <label
                htmlFor={inputId}
                title="Change video"
                className="inline-flex size-8 shrink-0 cursor-pointer items-center justify-center gap-1.5 rounded-full bg-white/15 text-[0.8125rem] font-semibold backdrop-blur hover:bg-white/25 md:w-auto md:px-3"
              >
                <RefreshCw className="size-3.5" aria-hidden="true" />
                <span className="sr-only md:not-sr-only">Change</span>
              </label>
            )}
          </div>
        )}
        {measuring && (
          <div className="absolute top-3 right-3 rounded-full bg-black/50 p-1.5 text-white">
            <Spinner />
          </div>
        )}
      </section>
      <input
        ref={inputRef}
        id={inputId}
        name="file"
        type="file"
        accept={VIDEO_MIME_TYPES.join(',')}
        aria-label="Video file"
        aria-describedby={error ? errorId : undefined}
        aria-invalid={error ? true : undefined}
        disabled={disabled}
        className="sr-only"
        onChange={(event) => {
          const picked = event.target.files?.[0];
          if (picked) onPick(picked);
          event.target.value = '';
        }}
      />
      {error && (
        <p id={errorId} role="alert" className="text-center text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
