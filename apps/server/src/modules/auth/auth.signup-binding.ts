/**
 * The sign-up binding (decision 022): a random value in an httpOnly, SameSite=Lax cookie of the
 * browser that signed up (or asked for a new verification link); its hash goes with the mailed link.
 * The link opened in that same browser shows that the one who chose the password also reads the
 * mailbox; opened anywhere else it is a takeover, and the prover chooses a new password.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { newSecret } from './auth.secrets';

export const SIGNUP_BINDING_COOKIE = 'adreel_signup';
const COOKIE_PATH = '/api/auth';
/** As long as a verification link lives. */
const MAX_AGE_SECONDS = 24 * 60 * 60;
const SECRET_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The browser's binding value, if it carries a well-formed one. */
export function signUpBindingOf(request: FastifyRequest): string | undefined {
  const value = request.cookies[SIGNUP_BINDING_COOKIE];
  return value && SECRET_SHAPE.test(value) ? value : undefined;
}

/** The binding for a new link: the browser's own if it has one (its earlier links keep matching). */
export function signUpBindingFor(request: FastifyRequest): string {
  return signUpBindingOf(request) ?? newSecret();
}

/**
 * Set on every successful sign-up answer, whether or not an account was made, so that the answer
 * looks the same for an address that already has one.
 */
export function setSignUpBinding(reply: FastifyReply, value: string, publicUrl: string): void {
  reply.setCookie(SIGNUP_BINDING_COOKIE, value, {
    httpOnly: true,
    sameSite: 'lax',
    secure: publicUrl.startsWith('https://'),
    path: COOKIE_PATH,
    maxAge: MAX_AGE_SECONDS,
  });
}

export function clearSignUpBinding(reply: FastifyReply): void {
  reply.clearCookie(SIGNUP_BINDING_COOKIE, { path: COOKIE_PATH });
}
