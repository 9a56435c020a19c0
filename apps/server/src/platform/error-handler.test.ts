import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { frameworkErrors, registerErrorHandler } from './error-handler';
import { conflict } from './errors';

const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();

beforeAll(async () => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.post(
    '/form',
    { schema: { body: z.object({ title: z.string().min(1, { error: 'Title is required' }) }) } },
    async () => ({ ok: true }),
  );
  app.get('/conflict', async () => {
    throw conflict('That username is taken', 'username_taken');
  });
  app.get('/http-error', async () => {
    throw Object.assign(new Error('Forbidden'), { status: 403, statusCode: 403, expose: true });
  });
  app.get('/nul', async () => {
    // As Drizzle wraps the driver's refusal of a NUL character in a text parameter.
    const refusal = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
      code: '22021',
    });
    throw new Error('Failed query: select …', { cause: refusal });
  });
  app.get('/bug', async () => {
    throw new Error('relation "secret_table" does not exist');
  });
  await app.ready();
});
afterAll(() => app.close());

describe('error handler', () => {
  it('answers a validation failure with 400 and the first schema message', async () => {
    const res = await app.inject({ method: 'POST', url: '/form', payload: { title: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'validation_failed',
        message: 'Title is required',
        requestId: expect.any(String),
      },
    });
  });

  it('passes an application error through with its status, code and message', async () => {
    const res = await app.inject('/conflict');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: {
        code: 'username_taken',
        message: 'That username is taken',
        requestId: expect.any(String),
      },
    });
  });

  it('keeps a 4xx thrown by a plugin a 4xx', async () => {
    const res = await app.inject('/http-error');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: { code: 'http_403', message: 'Forbidden', requestId: expect.any(String) },
    });
  });

  it('answers text PostgreSQL cannot store (a NUL character) with 400, not a 500', async () => {
    // Found by the fuzz tests (test/fuzz): e.g. a report reason or an audit filter holding U+0000.
    const res = await app.inject('/nul');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'invalid_text',
        message: 'Text must not contain NUL characters.',
        requestId: expect.any(String),
      },
    });
  });

  it('answers an unexpected error with a generic 500 that reveals nothing', async () => {
    const res = await app.inject('/bug');
    expect(res.statusCode).toBe(500);
    expect(res.json().error.code).toBe('internal_error');
    expect(res.body).not.toContain('secret_table');
  });

  it('answers malformed JSON with 400', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/form',
      headers: { 'content-type': 'application/json' },
      payload: '{"title":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'fst_err_ctp_invalid_json_body',
        message: 'Request body is not valid JSON',
        requestId: expect.any(String),
      },
    });
  });
});

describe('framework errors', () => {
  it('answers a path with broken percent-encoding with 400 in the error shape', async () => {
    // Found by the fuzz tests (test/fuzz): Fastify answered with its own body before routing.
    const routed = Fastify({ logger: false, frameworkErrors });
    registerErrorHandler(routed);
    routed.get('/videos/:id', async () => ({ ok: true }));
    try {
      const res = await routed.inject('/videos/%E0%A4%A');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: {
          code: 'fst_err_bad_url',
          message: 'This address is not valid.',
          requestId: expect.any(String),
        },
      });
    } finally {
      await routed.close();
    }
  });
});
