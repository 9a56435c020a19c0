import { EventEmitter } from 'node:events';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { RetryLaterError } from '../errors';
import { clientAddressKey, createStreamCaps } from './stream-caps';

/** A request and reply as admit() sees them: an address, a caller, a response that closes. */
function exchange(ip: string, userId?: string, { gone = false } = {}) {
  const raw = Object.assign(new EventEmitter(), { destroyed: gone });
  const request = {
    ip,
    auth: userId ? { userId } : null,
    raw: { socket: { destroyed: gone } },
  } as unknown as FastifyRequest;
  const reply = { raw } as unknown as FastifyReply;
  return { request, reply, close: () => raw.emit('close') };
}

function refusal(attempt: () => void): { status: number; code: string; retryAfter: number } {
  try {
    attempt();
  } catch (error) {
    if (!(error instanceof RetryLaterError)) throw error;
    return { status: error.statusCode, code: error.code, retryAfter: error.retryAfterSeconds };
  }
  throw new Error('admitted');
}

describe('clientAddressKey', () => {
  it('keeps IPv4 addresses, unwraps IPv4-mapped ones and takes an IPv6 address by its /64', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('2001:db8:1:2::a')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:0db8:0001:0002:ffff:0:0:b')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(clientAddressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientAddressKey('64:ff9b::198.51.100.1')).toBe('64:ff9b:0:0::/64');
    expect(clientAddressKey(undefined)).toBe('unknown');
  });
});

describe('createStreamCaps', () => {
  it('refuses per address, then per account (429), then in all (503), and gives places back on close', () => {
    const caps = createStreamCaps({ perAddress: 2, perAccount: 2, total: 3 });
    const a1 = exchange('203.0.113.1', 'ann');
    caps.admit(a1.request, a1.reply);
    // Admitting the same request again takes no second place.
    caps.admit(a1.request, a1.reply);
    expect(caps.open).toBe(1);
    const a2 = exchange('203.0.113.1');
    caps.admit(a2.request, a2.reply);
    const a3 = exchange('203.0.113.1');
    expect(refusal(() => caps.admit(a3.request, a3.reply))).toEqual({
      status: 429,
      code: 'too_many_streams',
      retryAfter: 30,
    });

    const b1 = exchange('198.51.100.1', 'ann');
    caps.admit(b1.request, b1.reply);
    expect(caps.open).toBe(3);
    // Ann holds two: her third is refused as hers, before the total is looked at.
    const b2 = exchange('198.51.100.1', 'ann');
    expect(refusal(() => caps.admit(b2.request, b2.reply)).status).toBe(429);
    const c1 = exchange('192.0.2.1');
    expect(refusal(() => caps.admit(c1.request, c1.reply))).toEqual({
      status: 503,
      code: 'streams_full',
      retryAfter: 15,
    });

    // A response closes once; a second 'close' gives nothing back twice.
    a1.close();
    a1.close();
    expect(caps.open).toBe(2);
    caps.admit(c1.request, c1.reply);
    expect(caps.open).toBe(3);
    for (const held of [a2, b1, c1]) held.close();
    expect(caps.open).toBe(0);
  });

  it('gives the place back at once when the client left before the stream was admitted', () => {
    const caps = createStreamCaps({ perAddress: 1, perAccount: 1, total: 1 });
    const gone = exchange('203.0.113.1', 'ann', { gone: true });
    caps.admit(gone.request, gone.reply);
    expect(caps.open).toBe(0);
    const next = exchange('203.0.113.1', 'ann');
    expect(() => caps.admit(next.request, next.reply)).not.toThrow();
  });
});
