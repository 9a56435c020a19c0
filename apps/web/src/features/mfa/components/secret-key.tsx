import { Check, Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { groupSecret } from '../lib/factors';

/** The TOTP secret for typing into an app by hand: grouped, monospace, and one tap to copy. */
export function SecretKey({ secret }: { secret: string }) {
  const captionId = useId();
  const [copied, setCopied] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
      toast.success('Setup key copied');
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      toast.error("Couldn't copy. Select the key and copy it by hand.");
    }
  }

  return (
    <figure
      aria-labelledby={captionId}
      className="rounded-2xl border border-border bg-muted/60 p-3.5"
    >
      <figcaption id={captionId} className="text-xs font-semibold text-muted-foreground">
        Setup key
      </figcaption>
      <div className="mt-1.5 flex items-center gap-2">
        <code className="min-w-0 flex-1 font-mono text-[0.9375rem] font-semibold leading-relaxed tracking-wide break-words select-all">
          {groupSecret(secret).map((group, index) => (
            // Groups never reorder: the index is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <span key={index} className="mr-[0.6em] inline-block last:mr-0">
              {group}
            </span>
          ))}
        </code>
        <Button
          variant="outline"
          size="icon-sm"
          aria-label={copied ? 'Setup key copied' : 'Copy setup key'}
          onClick={() => void copy()}
        >
          {copied ? <Check className="text-emerald-600" /> : <Copy />}
        </Button>
      </div>
    </figure>
  );
}
