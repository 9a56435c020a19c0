import { DIGEST_MESSAGES } from '@adreel/domain/digest-api';
import { Mail } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ToolCard } from '@/components/tool-card';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/error-message';
import { useSendTestDigest } from '../api/send-test-digest';

/** Tools tab (SPEC.md §2, §8): this week's digest, to the requesting admin only. */
export function TestDigestCard() {
  const send = useSendTestDigest();
  return (
    <ToolCard
      icon={Mail}
      title="Send test digest"
      description="Send yourself this week's digest email to check how it looks. Everyone else gets it on Mondays at 09:00 UTC."
    >
      <Button
        size="sm"
        variant="outline"
        disabled={send.isPending}
        onClick={() =>
          send.mutate(undefined, {
            onSuccess: (answer) => toast.success(answer.message || DIGEST_MESSAGES.testSent),
            onError: (error) => toast.error(serverMessage(error, DIGEST_MESSAGES.testFailed)),
          })
        }
      >
        {send.isPending ? <Spinner /> : <Mail />} Send test digest
      </Button>
      {send.isSuccess && (
        <span role="status" className="text-[0.8125rem] text-muted-foreground">
          Sent.{' '}
          <Link
            to="/admin/outbox"
            className="font-medium text-foreground underline underline-offset-4"
          >
            Open the outbox
          </Link>
        </span>
      )}
    </ToolCard>
  );
}
