/**
 * What the matrix sends: one request per row and actor, as the actor would send it, with a body that
 * passes validation so a 400 never hides a missing check. Rows a request aims at are made fresh for
 * each request, owned as the matrix says (creator A's, brand A's), so an allowed request succeeds on
 * its own merits and a refused one can be shown to leave its row as it was.
 */
import { randomBytes } from 'node:crypto';
import type { Actor } from './matrix';
import type { Headers, World } from './world';

export interface Probe {
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  headers?: Headers;
  payload?: unknown;
  /** An event stream: sent over HTTP and closed once the status and headers are in. */
  stream?: boolean;
  /** Reads the row(s) the request aims at: a refusal must leave them as they were. */
  row?: () => Promise<unknown>;
  /** Ids of A's rows that must not appear in what this actor is allowed to read. */
  mustNotSee?: string[];
}

export type Build = (actor: Actor, w: World) => Promise<Probe>;

export const as = (actor: Actor, w: World) => w.headers[actor];
export const get =
  (url: string): Build =>
  async (actor, w) => ({ method: 'GET', url, headers: as(actor, w) });
export const post =
  (url: string, payload?: unknown): Build =>
  async (actor, w) => ({
    method: 'POST',
    url,
    headers: as(actor, w),
    ...(payload === undefined ? {} : { payload }),
  });

/** B's own lists must not carry A's rows. */
export function listOf(url: string, hidden: (w: World) => string[], from: Actor[]): Build {
  return async (actor, w) => ({
    method: 'GET',
    url,
    headers: as(actor, w),
    ...(from.includes(actor) ? { mustNotSee: hidden(w) } : {}),
  });
}

/**
 * Where the second step of sign-in takes a ticket: the pending admin sends its own, the others what
 * they hold instead (their access token), or a made-up one when they hold nothing.
 */
export async function ticketOf(actor: Actor, w: World): Promise<string> {
  if (actor === 'adminMfaPending') return w.freshTicket();
  const header = w.headers[actor].authorization;
  return header ? header.slice('Bearer '.length) : 'eyJhbGciOiJFUzI1NiJ9.e30.not-a-ticket';
}
export const ticketHeaders = (actor: Actor, w: World) =>
  actor === 'adminMfaPending' ? {} : as(actor, w);

/** An assertion no authenticator made: well-formed, so only its checks can refuse it. */
export function madeUpAssertion() {
  const b64 = (text: string) => Buffer.from(text).toString('base64url');
  const id = randomBytes(16).toString('base64url');
  return {
    id,
    rawId: id,
    type: 'public-key',
    response: {
      clientDataJSON: b64(JSON.stringify({ type: 'webauthn.get', challenge: b64('none') })),
      authenticatorData: b64('authenticator data'),
      signature: b64('signature'),
    },
    clientExtensionResults: {},
  };
}

export const one = async <T>(rows: Promise<T[]>): Promise<T> => {
  const [first] = await rows;
  if (!first) throw new Error('expected a row');
  return first;
};

/** Who may reach the creator area but holds none of creator A's rows. */
export const NOT_CREATOR_A: Actor[] = ['creatorB', 'admin', 'adminAal1'];
/** Who may reach the brand dashboard but must not see brand A's rows: admins see every brand's. */
export const NOT_BRAND_A: Actor[] = ['brandB'];
/** Everyone signed in but creator A, for creator A's account rows. */
export const ANYONE_BUT_CREATOR_A: Actor[] = [
  'unproven',
  'viewer',
  'creatorB',
  'brandA',
  'brandB',
  'admin',
  'adminAal1',
];
