import { MFA_TEXTS } from '@adreel/domain';
import { Check, Copy, Download, TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { appName } from '@/lib/app-name';
import { useSession } from '@/lib/session';

function codesAsText(codes: string[], email: string): string {
  return [
    `${appName()} recovery codes${email ? ` for ${email}` : ''}`,
    `Generated ${new Date().toISOString().slice(0, 10)}`,
    '',
    ...codes,
    '',
    'Each code works once. Use one to sign in if you lose your authenticator app or passkey.',
    'Generating new codes makes these stop working.',
    '',
  ].join('\n');
}

function fileName(): string {
  const slug = appName()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${slug || 'account'}-recovery-codes.txt`;
}

function download(text: string, filename: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start the download after the click handler returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * The recovery codes, shown this once: copy, download as .txt, and a confirmation before it closes,
 * so a stray tap outside or Escape cannot lose them.
 */
export function RecoveryCodesDialog({
  codes,
  onClose,
}: {
  codes: string[] | null;
  onClose: () => void;
}) {
  const session = useSession();
  const email = session.user?.email ?? '';
  const checkboxId = useId();
  const [saved, setSaved] = useState(false);
  const [copied, setCopied] = useState(false);
  const text = codes ? codesAsText(codes, email) : '';

  function close() {
    setSaved(false);
    setCopied(false);
    onClose();
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      toast.success('Recovery codes copied');
    } catch {
      toast.error("Couldn't copy. Download them instead.");
    }
  }

  return (
    <Dialog open={codes !== null} onOpenChange={(open) => !open && close()}>
      {codes && (
        <DialogContent
          className="sm:w-[min(34rem,calc(100vw-2rem))]"
          onInteractOutside={(event) => event.preventDefault()}
          onEscapeKeyDown={(event) => event.preventDefault()}
        >
          <div className="overflow-y-auto px-6 pt-6 pb-6">
            <p className="text-eyebrow uppercase text-primary">{MFA_TEXTS.twoFactor}</p>
            <DialogTitle className="mt-2 pr-10 text-xl font-bold tracking-tight text-balance">
              Save your recovery codes
            </DialogTitle>
            <DialogDescription className="mt-2 text-sm text-muted-foreground">
              If you lose your phone or passkey, each of these codes lets you sign in once.
            </DialogDescription>

            <div
              role="note"
              className="mt-4 flex gap-3 rounded-2xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200"
            >
              <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <p>
                <strong className="font-semibold">Save these now.</strong> This is the only time
                they are shown. Keep them somewhere safe, like a password manager.
              </p>
            </div>

            <ol
              aria-label={MFA_TEXTS.recoveryCodes}
              className="mt-4 grid grid-cols-2 gap-x-3 gap-y-2 rounded-2xl bg-ink px-5 py-4 font-mono text-[0.9375rem] text-ink-foreground sm:gap-x-6"
            >
              {codes.map((code, index) => (
                <li key={code} className="flex items-baseline gap-2.5 tracking-wide">
                  <span className="w-5 text-right text-xs text-ink-muted" aria-hidden="true">
                    {index + 1}.
                  </span>
                  <span className="select-all">{code}</span>
                </li>
              ))}
            </ol>

            <div className="mt-3 grid grid-cols-2 gap-2">
              <Button variant="outline" onClick={() => void copy()}>
                {copied ? <Check className="text-emerald-600" /> : <Copy />}
                {copied ? 'Copied' : 'Copy'}
              </Button>
              <Button variant="outline" onClick={() => download(text, fileName())}>
                <Download /> Download .txt
              </Button>
            </div>

            <div className="mt-5 flex items-start gap-3 border-t border-border pt-5">
              <input
                id={checkboxId}
                type="checkbox"
                checked={saved}
                onChange={(e) => setSaved(e.target.checked)}
                className="mt-0.5 size-4.5 shrink-0 cursor-pointer accent-primary"
              />
              <label htmlFor={checkboxId} className="cursor-pointer text-sm font-medium">
                I have saved my recovery codes somewhere safe
              </label>
            </div>
            <Button size="lg" className="mt-4 w-full" disabled={!saved} onClick={close}>
              Done
            </Button>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
