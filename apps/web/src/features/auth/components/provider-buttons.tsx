import { MESSAGES } from '@adreel/domain';
import { LogIn } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useProviders } from '@/lib/auth-providers';
import { providerSignInUrl } from '../lib/pkce';
import { OrDivider } from './passkey-sign-in-button';

interface ProviderButtonsProps {
  /** Where to go once signed in (the route guard's destination), else the role's home. */
  next?: string | null;
  /** A first sign-in of an address that is not whitelisted needs one (SPEC.md §5). */
  inviteCode?: string;
}

/** "Continue with …" for each configured identity provider; nothing when none is configured. */
export function ProviderButtons({ next, inviteCode }: ProviderButtonsProps) {
  const providers = useProviders();
  const [leaving, setLeaving] = useState<string | null>(null);
  const list = providers.data ?? [];
  if (list.length === 0) return null;

  async function start(id: string) {
    setLeaving(id);
    try {
      window.location.assign(await providerSignInUrl(id, { next, inviteCode }));
    } catch {
      setLeaving(null);
      toast.error(MESSAGES.signInFailed);
    }
  }

  return (
    <>
      <OrDivider />
      <div className="flex flex-col gap-2">
        {list.map((provider) => (
          <Button
            key={provider.id}
            type="button"
            variant="outline"
            size="lg"
            className="w-full"
            disabled={leaving !== null}
            onClick={() => void start(provider.id)}
          >
            {leaving === provider.id ? <Spinner /> : <LogIn />}
            Continue with {provider.name}
          </Button>
        ))}
      </div>
    </>
  );
}
