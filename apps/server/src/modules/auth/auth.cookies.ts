import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_IDLE_TIMEOUT_MS } from './auth.sessions';

/** The refresh token's cookie: httpOnly (no script reads it), SameSite=Lax, only sent to /api/auth. */
export const REFRESH_COOKIE = 'adreel_refresh';
const COOKIE_PATH = '/api/auth';

export function setRefreshCookie(reply: FastifyReply, token: string, publicUrl: string): void {
  reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: publicUrl.startsWith('https://'),
    path: COOKIE_PATH,
    maxAge: SESSION_IDLE_TIMEOUT_MS / 1000,
  });
}

export function clearRefreshCookie(reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH });
}

export function refreshCookieOf(request: FastifyRequest): string | undefined {
  return request.cookies[REFRESH_COOKIE] || undefined;
}

/**
 * The device cookie (decision 025): proof that this browser gave an account's right password
 * before, so its sign-ins are counted apart from strangers'. Long-lived, httpOnly, only sent to
 * /api/auth; signing out keeps it (it opens nothing, it only spares the owner others' backoff).
 */
export const DEVICE_COOKIE = 'adreel_device';
const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function setDeviceCookie(reply: FastifyReply, value: string, publicUrl: string): void {
  reply.setCookie(DEVICE_COOKIE, value, {
    httpOnly: true,
    sameSite: 'lax',
    secure: publicUrl.startsWith('https://'),
    path: COOKIE_PATH,
    maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
  });
}

export function deviceCookieOf(request: FastifyRequest): string | undefined {
  return request.cookies[DEVICE_COOKIE] || undefined;
}
