/**
 * TOTP (RFC 6238) with otplib 13: SHA-1, 6 digits, 30-second steps, the defaults every
 * authenticator app understands. A code is accepted one step either side of now, for clock drift.
 */
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

export const TOTP_PERIOD_SECONDS = 30;
/** ±1 step (RFC 6238 §5.2 allows a small window for clock drift and typing time). */
const EPOCH_TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;

/** A new shared secret: 20 random bytes (160 bits, RFC 4226 §4's recommendation) in base32. */
export function newTotpSecret(): string {
  return generateSecret();
}

export function totpUri(options: { issuer: string; label: string; secret: string }): string {
  return generateURI(options);
}

/** The otpauth URI as a QR code, an SVG data URL for an <img> (the CSP allows data: images). */
export async function totpQrCode(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}

/** The time step the code belongs to, or null when it matches none in the window. */
export async function matchTotp(
  secret: string,
  code: string,
  epochSeconds = Math.floor(Date.now() / 1000),
): Promise<number | null> {
  try {
    const result = await verify({
      secret,
      token: code,
      epoch: epochSeconds,
      epochTolerance: EPOCH_TOLERANCE_SECONDS,
    });
    // otplib's result type covers HOTP too; a TOTP match always names its time step.
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    // otplib throws on a malformed token; to the caller that is just a wrong code.
    return null;
  }
}
