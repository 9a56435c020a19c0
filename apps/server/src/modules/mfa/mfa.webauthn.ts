/**
 * WebAuthn through @simplewebauthn/server 14: the relying party is the app's public URL, so a
 * credential made on one deployment is useless on another. Everything the library needs between the
 * two halves of a ceremony (the challenge) is stored by the caller, never held in memory.
 */
import type {
  WebauthnAuthenticationResponse,
  WebauthnOptions,
  WebauthnRegistrationResponse,
} from '@adreel/domain';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { z } from 'zod';
import type { Config } from '../../config';

export interface RelyingParty {
  name: string;
  /** The host name, without port: WebAuthn scopes credentials to it. */
  id: string;
  origin: string;
}

export function relyingPartyOf(config: Pick<Config, 'appName' | 'publicUrl'>): RelyingParty {
  const url = new URL(config.publicUrl);
  return { name: config.appName, id: url.hostname, origin: url.origin };
}

/** A stored credential, as the database keeps it. */
export interface StoredCredential {
  credentialId: string;
  /** COSE public key, base64url. */
  publicKey: string;
  signCount: number;
  transports: string[] | null;
}

function descriptorOf(credential: Pick<StoredCredential, 'credentialId' | 'transports'>) {
  return { id: credential.credentialId, transports: credential.transports ?? [] };
}

export async function registrationOptions(
  rp: RelyingParty,
  user: { id: string; email: string },
  existing: Pick<StoredCredential, 'credentialId' | 'transports'>[],
): Promise<WebauthnOptions> {
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    // One stable user handle per account: an authenticator then replaces, not duplicates, a passkey.
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    excludeCredentials: existing.map(descriptorOf),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  return { ...options };
}

/** `allow` empty: any discoverable credential for this site may answer (passkey sign-in). */
export async function authenticationOptions(
  rp: RelyingParty,
  allow: Pick<StoredCredential, 'credentialId' | 'transports'>[],
  userVerification: 'preferred' | 'required',
): Promise<WebauthnOptions> {
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    // Omitted, not empty, for a passkey sign-in: the browser then offers every passkey it holds.
    allowCredentials: allow.length > 0 ? allow.map(descriptorOf) : undefined,
    userVerification,
  });
  return { ...options };
}

export function isRegistrationResponse(
  response: WebauthnRegistrationResponse | WebauthnAuthenticationResponse,
): response is WebauthnRegistrationResponse {
  return 'attestationObject' in response.response;
}

const clientDataSchema = z.object({ challenge: z.string().min(1) });

/** The challenge the browser says it answered, to find the stored one; null when unreadable. */
export function challengeOfResponse(clientDataJSON: string): string | null {
  try {
    const json: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    return clientDataSchema.parse(json).challenge;
  } catch {
    return null;
  }
}

/** The new credential, or null when the response does not prove it. */
export async function verifyRegistration(
  rp: RelyingParty,
  registration: WebauthnRegistrationResponse,
  expectedChallenge: string,
): Promise<StoredCredential | null> {
  const response: RegistrationResponseJSON = registration;
  try {
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      // A second factor after a password: presence is enough, as the options ask ("preferred").
      requireUserVerification: false,
    });
    if (!result.verified) return null;
    const { credential } = result.registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      signCount: credential.counter,
      transports: credential.transports ?? response.response.transports ?? [],
    };
  } catch {
    return null;
  }
}

/** The authenticator's new signature counter, or null when the assertion does not verify. */
export async function verifyAssertion(
  rp: RelyingParty,
  assertion: WebauthnAuthenticationResponse,
  expectedChallenge: string,
  credential: StoredCredential,
  requireUserVerification: boolean,
): Promise<{ signCount: number } | null> {
  const response: AuthenticationResponseJSON = assertion;
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: credential.credentialId,
        publicKey: new Uint8Array(Buffer.from(credential.publicKey, 'base64url')),
        counter: credential.signCount,
        transports: credential.transports ?? [],
      },
      requireUserVerification,
    });
    // The library also refuses a counter that did not grow (a cloned authenticator): it throws.
    return result.verified ? { signCount: result.authenticationInfo.newCounter } : null;
  } catch {
    return null;
  }
}
