/** An OpenID Connect provider in the test (oauth2-mock-server), so GET /api/authorize can redirect. */
import { OAuth2Server } from 'oauth2-mock-server';

export async function startProvider() {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, 'localhost');
  const issuer = server.issuer.url ?? '';
  return {
    env: {
      OIDC_PROVIDERS: JSON.stringify([
        { id: 'test', name: 'Test ID', issuer, clientId: 'adreel-matrix', clientSecret: 'shh' },
      ]),
    },
    stop: () => server.stop(),
  };
}
