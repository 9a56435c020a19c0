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
