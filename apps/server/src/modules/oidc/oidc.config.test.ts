import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';

const google = {
  id: 'google',
  name: 'Google',
  issuer: 'https://accounts.google.com',
  clientId: 'id',
  clientSecret: 'secret',
};

describe('OIDC_PROVIDERS', () => {
  it('is empty when unset', () => {
    expect(loadConfig({}).oidcProviders).toEqual([]);
  });

  it('reads a JSON array of providers', () => {
    const config = loadConfig({ OIDC_PROVIDERS: JSON.stringify([google]) });
    expect(config.oidcProviders).toEqual([google]);
  });

  it.each([
    ['not JSON', 'must be a JSON array of providers'],
    [JSON.stringify([{ ...google, issuer: 'http://issuer.example' }]), 'issuer must be https'],
    [JSON.stringify([google, google]), 'provider ids must be unique'],
    [JSON.stringify([{ ...google, id: 'Google!' }]), 'id must be lower-case'],
    [
      JSON.stringify([{ ...google, tokenEndpointAuthMethod: 'private_key_jwt' }]),
      'tokenEndpointAuthMethod must be client_secret_basic or client_secret_post',
    ],
    [
      JSON.stringify([
        { ...google, clientSecret: undefined, tokenEndpointAuthMethod: 'client_secret_post' },
      ]),
      'tokenEndpointAuthMethod needs a clientSecret',
    ],
  ])('stops the start for %s, naming the variable', (value, message) => {
    expect(() => loadConfig({ OIDC_PROVIDERS: value })).toThrow(/OIDC_PROVIDERS/);
    expect(() => loadConfig({ OIDC_PROVIDERS: value })).toThrow(message);
  });

  it('reads the token endpoint authentication method of each provider', () => {
    const list = [
      { ...google, tokenEndpointAuthMethod: 'client_secret_post' },
      { ...google, id: 'other', tokenEndpointAuthMethod: 'client_secret_basic' },
      { ...google, id: 'third' },
    ];
    const config = loadConfig({ OIDC_PROVIDERS: JSON.stringify(list) });
    expect(config.oidcProviders.map((p) => p.tokenEndpointAuthMethod)).toEqual([
      'client_secret_post',
      'client_secret_basic',
      undefined,
    ]);
  });

  it('accepts a plain-http issuer on localhost only (tests, development)', () => {
    const local = { ...google, issuer: 'http://localhost:8080' };
    expect(loadConfig({ OIDC_PROVIDERS: JSON.stringify([local]) }).oidcProviders).toHaveLength(1);
  });
});
