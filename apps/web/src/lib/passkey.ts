/**
 * The browser's side of a passkey ceremony, shared by sign-in (features/auth) and the account page
 * (features/mfa). @simplewebauthn/browser is loaded on first use, so no screen's chunk carries it
 * until someone actually reaches for a passkey.
 */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';

/** The options as the server sends them (`webauthnOptionsSchema`): checked there, passed through. */
type ServerOptions = { challenge: string } & Record<string, unknown>;

/** True where `navigator.credentials` can make and use passkeys at all. */
export function passkeysSupported(): boolean {
  return typeof globalThis.PublicKeyCredential === 'function';
}

/** navigator.credentials.create() with the server's registration options, as JSON. */
export async function createPasskey(options: ServerOptions): Promise<RegistrationResponseJSON> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  return startRegistration({
    optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
}

/** navigator.credentials.get() with the server's assertion options, as JSON. */
export async function getPasskeyAssertion(
  options: ServerOptions,
): Promise<AuthenticationResponseJSON> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
}

function errorName(error: unknown): string | null {
  return error instanceof Error || error instanceof DOMException ? error.name : null;
}

/**
 * The person closed the browser's prompt, or it timed out: WebAuthn says only NotAllowedError, on
 * purpose (a site must not learn whether a passkey exists). Not a failure worth a red toast.
 */
export function isPasskeyCancelled(error: unknown): boolean {
  const name = errorName(error);
  return name === 'NotAllowedError' || name === 'AbortError';
}

/** The authenticator already holds a passkey of this account (excludeCredentials matched). */
export function isPasskeyAlreadyRegistered(error: unknown): boolean {
  return errorName(error) === 'InvalidStateError';
}

/** A browser-side failure (not a server answer): the ceremony could not run here. */
export function isPasskeyBrowserError(error: unknown): boolean {
  const name = errorName(error);
  return name !== null && name !== 'ApiError';
}
