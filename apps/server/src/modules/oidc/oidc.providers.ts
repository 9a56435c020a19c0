/**
 * The OpenID Connect providers of OIDC_PROVIDERS, each discovered from its issuer the first time it
 * is used (and again after a failure), through openid-client (decision 014).
 */

import { IDENTITY_MESSAGES } from '@adreel/domain';
import * as client from 'openid-client';
import type { OidcProviderConfig } from '../../config';
import { AppError } from '../../platform/errors';

/** Always asked for: who the user is and a verified address to match or create the account by. */
export const BASE_SCOPES = ['openid', 'email', 'profile'];

export interface OidcProvider {
  config: OidcProviderConfig;
  /** The provider's metadata and keys; discovered once per process. */
  client(): Promise<client.Configuration>;
}

const unavailable = () =>
  new AppError(502, 'provider_unavailable', IDENTITY_MESSAGES.providerUnavailable);

function isLocal(issuer: string): boolean {
  return new URL(issuer).protocol === 'http:';
}

type SecretMethod = NonNullable<OidcProviderConfig['tokenEndpointAuthMethod']>;

/**
 * The configured method, else the first of basic and post that the discovery document lists; OIDC
 * Discovery §3 makes client_secret_basic the default when it lists none (decision 026).
 */
export function secretMethod(
  configured: SecretMethod | undefined,
  supported: readonly string[] | undefined,
): SecretMethod {
  if (configured) return configured;
  const listed = (supported ?? []).filter(
    (method): method is SecretMethod =>
      method === 'client_secret_basic' || method === 'client_secret_post',
  );
  return listed[0] ?? 'client_secret_basic';
}

/**
 * How the client authenticates at the token endpoint. Chosen when the first request is made, since
 * the default depends on the provider's metadata, which discovery fetches.
 */
function clientAuth(config: OidcProviderConfig): client.ClientAuth {
  const secret = config.clientSecret;
  if (!secret) return client.None();
  const basic = client.ClientSecretBasic(secret);
  const post = client.ClientSecretPost(secret);
  return (as, metadata, body, headers) => {
    const method = secretMethod(
      config.tokenEndpointAuthMethod,
      as.token_endpoint_auth_methods_supported,
    );
    (method === 'client_secret_post' ? post : basic)(as, metadata, body, headers);
  };
}

export function createOidcProviders(list: OidcProviderConfig[]) {
  const byId = new Map<string, OidcProvider>();
  for (const config of list) {
    let discovered: Promise<client.Configuration> | null = null;
    byId.set(config.id, {
      config,
      client() {
        discovered ??= client
          .discovery(new URL(config.issuer), config.clientId, undefined, clientAuth(config), {
            execute: [
              // Verify the ID token's signature with the provider's JWKS as well, not only trust
              // the TLS channel it came through (OIDC Core §3.1.3.7 allows either; we do both).
              client.enableNonRepudiationChecks,
              ...(isLocal(config.issuer) ? [client.allowInsecureRequests] : []),
            ],
          })
          .catch((error: unknown) => {
            discovered = null;
            throw error;
          });
        return discovered.catch(() => {
          throw unavailable();
        });
      },
    });
  }
  return {
    get(id: string): OidcProvider | undefined {
      return byId.get(id);
    },
    list(): Array<{ id: string; name: string }> {
      return [...byId.values()].map(({ config }) => ({ id: config.id, name: config.name }));
    },
  };
}
export type OidcProviders = ReturnType<typeof createOidcProviders>;
