import {
  AUTH_TEXTS,
  atLeastCharacters,
  IDENTITY_MESSAGES,
  type Identity,
  OWNERSHIP_MESSAGES,
  PASSWORD_MIN,
  setPasswordBodySchema,
  withProvider,
} from '@adreel/domain';
import { KeyRound, Link2, LockKeyhole } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { PasswordInput } from '@/components/password-input';
import { QueryError } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '@/components/ui/dialog';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { useProviders } from '@/lib/auth-providers';
import { withConfirmation } from '@/lib/confirm-password';
import { serverMessage } from '@/lib/error-message';
import { formatDate } from '@/lib/format-time';
import { useSession } from '@/lib/session';
import { useSignInMethods } from '../api/get-sign-in-methods';
import { useLinkIdentity } from '../api/link-identity';
import { useSetFirstPassword } from '../api/set-first-password';
import { useUnlinkIdentity } from '../api/unlink-identity';

function Row({
  icon: Icon,
  title,
  detail,
  action,
}: {
  icon: typeof KeyRound;
  title: React.ReactNode;
  detail: React.ReactNode;
  action?: React.ReactNode;
}) {
  return (
    <li className="flex items-center gap-3.5 py-3.5 first:pt-0 last:pb-0">
      <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-muted text-foreground">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-semibold">{title}</p>
        <p className="text-[0.8125rem] break-words text-muted-foreground">{detail}</p>
      </div>
      {action}
    </li>
  );
}

const setPasswordFormSchema = withConfirmation(setPasswordBodySchema, 'newPassword');
type SetPasswordValues = z.input<typeof setPasswordFormSchema>;

function SetPasswordForm({ onDone }: { onDone: () => void }) {
  const set = useSetFirstPassword();
  const form = useZodForm<SetPasswordValues>(setPasswordFormSchema, {
    defaultValues: { newPassword: '', confirm: '' },
  });

  function onSubmit({ newPassword }: SetPasswordValues) {
    set.mutate(
      { newPassword },
      {
        onSuccess: ({ message }) => {
          toast.success(message);
          onDone();
        },
        onError: (error) => toast.error(serverMessage(error, 'Error setting the password')),
      },
    );
  }

  return (
    <Form form={form} onSubmit={onSubmit} className="mt-4 rounded-2xl bg-muted/60 p-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          control={form.control}
          name="newPassword"
          label={AUTH_TEXTS.newPassword}
          hint={atLeastCharacters(PASSWORD_MIN)}
        >
          {(control) => <PasswordInput {...control} autoComplete="new-password" autoFocus />}
        </FormField>
        <FormField control={form.control} name="confirm" label="Confirm password">
          {(control) => <PasswordInput {...control} autoComplete="new-password" />}
        </FormField>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="ghost" onClick={onDone} disabled={set.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={set.isPending}>
          {set.isPending && <Spinner />}
          Set password
        </Button>
      </div>
    </Form>
  );
}

/**
 * Coming back from linking a provider: /account?linked=<provider> or ?error=&error_description=.
 * Said once, then taken out of the address.
 */
function useLinkOutcome(
  ready: boolean,
  providerName: (id: string) => string,
  onLinked: () => void,
) {
  const [params, setParams] = useSearchParams();
  const linked = params.get('linked');
  const error = params.get('error');
  const description = params.get('error_description');
  // Once per return, though the names of providers may arrive after it.
  const told = useRef<string | null>(null);
  useEffect(() => {
    if ((!linked && !error) || !ready) return;
    const key = `${linked}|${error}|${description}`;
    if (told.current === key) return;
    told.current = key;
    if (linked) {
      toast.success(withProvider(IDENTITY_MESSAGES.linked, providerName(linked)));
      onLinked();
    } else toast.error(description || IDENTITY_MESSAGES.signInFailed);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const key of ['linked', 'error', 'error_description']) next.delete(key);
        return next;
      },
      { replace: true },
    );
  }, [ready, linked, error, description, providerName, onLinked, setParams]);
}

/**
 * /account "Sign-in methods" (issue 7 item 5; issue 13 item 10): the password (or none), each
 * identity linked at a provider with Unlink, a Link button for each provider, and the passkeys. The
 * server never lets the last one go, and links a provider only to the signed-in account.
 */
export function SignInMethodsCard() {
  const methods = useSignInMethods();
  const unlink = useUnlinkIdentity();
  const link = useLinkIdentity();
  const providers = useProviders();
  const session = useSession();
  const emailVerified = session.status === 'signed-in' && session.user.emailVerified;
  const providerList = providers.data ?? [];
  const providerName = (id: string) => providerList.find((p) => p.id === id)?.name ?? id;
  const refetchMethods = methods.refetch;
  useLinkOutcome(!providers.isPending, providerName, () => void refetchMethods());
  const [settingPassword, setSettingPassword] = useState(false);
  const [unlinking, setUnlinking] = useState<Identity | null>(null);
  const data = methods.data;

  function startLink(provider: string) {
    link.mutate(provider, {
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (error) => toast.error(serverMessage(error, 'Error linking')),
    });
  }

  function confirmUnlink() {
    if (!unlinking) return;
    unlink.mutate(unlinking.id, {
      onSuccess: () => {
        toast.success(`${unlinking.providerName} unlinked`);
        setUnlinking(null);
      },
      onError: (error) => {
        setUnlinking(null);
        toast.error(serverMessage(error, 'Error unlinking'));
      },
    });
  }

  return (
    <Card asChild>
      <section aria-labelledby="sign-in-methods-title">
        <CardHeader>
          <CardTitle asChild>
            <h2 id="sign-in-methods-title">Sign-in methods</h2>
          </CardTitle>
          <CardDescription>The ways you can sign in. You always keep at least one.</CardDescription>
        </CardHeader>
        <div className="p-6">
          {methods.isPending ? (
            <div className="flex items-center gap-3.5">
              <span className="sr-only" role="status">
                Loading sign-in methods
              </span>
              <Skeleton className="size-10 rounded-xl" />
              <div className="flex flex-1 flex-col gap-2">
                <Skeleton className="h-4 w-36" />
                <Skeleton className="h-3 w-52" />
              </div>
            </div>
          ) : methods.isError || !data ? (
            <QueryError
              variant="inline"
              error={methods.error}
              title="Your sign-in methods can't be loaded right now."
              onRetry={() => void methods.refetch()}
              retrying={methods.isFetching}
            />
          ) : (
            <>
              <ul className="divide-y divide-border">
                <Row
                  icon={LockKeyhole}
                  title={
                    <>
                      Password
                      <Badge variant={data.hasPassword ? 'secondary' : 'outline'}>
                        {data.hasPassword ? 'Set' : 'Not set'}
                      </Badge>
                    </>
                  }
                  detail={
                    data.hasPassword
                      ? 'Sign in with your email and password.'
                      : 'Set one to sign in without your provider.'
                  }
                  action={
                    !data.hasPassword &&
                    !settingPassword && (
                      <Button variant="outline" size="sm" onClick={() => setSettingPassword(true)}>
                        Set password
                      </Button>
                    )
                  }
                />
                {data.identities.map((identity) => {
                  const labelId = `identity-${identity.id}`;
                  return (
                    <Row
                      key={identity.id}
                      icon={Link2}
                      title={<span id={labelId}>{identity.providerName}</span>}
                      detail={
                        <>
                          {identity.email ?? 'Linked account'}
                          <span aria-hidden="true"> · </span>
                          <span className="sr-only">, </span>
                          Linked{' '}
                          <time dateTime={identity.createdAt}>
                            {formatDate(identity.createdAt)}
                          </time>
                        </>
                      }
                      action={
                        <Button
                          variant="outline"
                          size="sm"
                          aria-describedby={labelId}
                          onClick={() => setUnlinking(identity)}
                        >
                          Unlink
                        </Button>
                      }
                    />
                  );
                })}
                {providerList
                  .filter((p) => !data.identities.some((identity) => identity.provider === p.id))
                  .map((p) => {
                    const labelId = `provider-${p.id}`;
                    return (
                      <Row
                        key={`link-${p.id}`}
                        icon={Link2}
                        title={<span id={labelId}>{p.name}</span>}
                        detail={
                          emailVerified
                            ? `Not linked. Link it to sign in with ${p.name} too.`
                            : OWNERSHIP_MESSAGES.verifyEmailFirst
                        }
                        action={
                          <Button
                            variant="outline"
                            size="sm"
                            aria-describedby={labelId}
                            disabled={!emailVerified || link.isPending}
                            onClick={() => startLink(p.id)}
                          >
                            {link.isPending && link.variables === p.id && <Spinner />}
                            Link
                          </Button>
                        }
                      />
                    );
                  })}
                <Row
                  icon={KeyRound}
                  title="Passkeys"
                  detail={
                    data.passkeys === 0
                      ? 'None yet. Add one below to sign in without a password.'
                      : `${data.passkeys} passkey${data.passkeys === 1 ? '' : 's'}, listed below.`
                  }
                />
              </ul>
              {settingPassword && <SetPasswordForm onDone={() => setSettingPassword(false)} />}
            </>
          )}
        </div>
        <Dialog
          open={unlinking !== null}
          onOpenChange={(open) => !open && !unlink.isPending && setUnlinking(null)}
        >
          <DialogContent className="sm:w-[min(28rem,calc(100vw-2rem))]">
            <div className="p-6">
              <DialogTitle className="pr-10 text-lg font-bold tracking-tight text-balance">
                Unlink {unlinking?.providerName}?
              </DialogTitle>
              <DialogDescription className="mt-2 text-sm text-muted-foreground">
                You will no longer be able to sign in with {unlinking?.providerName}
                {unlinking?.email ? ` (${unlinking.email})` : ''}.
              </DialogDescription>
              <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <DialogClose asChild>
                  <Button variant="outline" disabled={unlink.isPending}>
                    Cancel
                  </Button>
                </DialogClose>
                <Button variant="destructive" disabled={unlink.isPending} onClick={confirmUnlink}>
                  {unlink.isPending && <Spinner />}
                  Unlink
                </Button>
              </div>
            </div>
          </DialogContent>
        </Dialog>
      </section>
    </Card>
  );
}
