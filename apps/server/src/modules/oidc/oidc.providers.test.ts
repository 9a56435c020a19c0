import { describe, expect, it } from 'vitest';
import { secretMethod } from './oidc.providers';

describe('secretMethod (decision 026)', () => {
  it('takes the configured method whatever the provider lists', () => {
    expect(secretMethod('client_secret_post', ['client_secret_basic'])).toBe('client_secret_post');
    expect(secretMethod('client_secret_basic', ['client_secret_post'])).toBe('client_secret_basic');
  });

  it('else the first of basic and post that discovery lists', () => {
    expect(secretMethod(undefined, ['private_key_jwt', 'client_secret_post'])).toBe(
      'client_secret_post',
    );
    expect(secretMethod(undefined, ['client_secret_basic', 'client_secret_post'])).toBe(
      'client_secret_basic',
    );
  });

  it('else client_secret_basic, OIDC Discovery’s default', () => {
    expect(secretMethod(undefined, undefined)).toBe('client_secret_basic');
    expect(secretMethod(undefined, ['none'])).toBe('client_secret_basic');
  });
});
