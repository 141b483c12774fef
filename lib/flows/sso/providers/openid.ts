import { z } from 'zod';
import { openIdDiscoveryUrl } from './discovery';
import type { ProviderSignIn } from './provider-contract';

/**
 * A plain OpenID Connect provider (client `openid` in the registry): the authorization code flow
 * with PKCE, written out rather than through a provider's library, since the standard is all it
 * speaks. Its settings are `<ID>_CLIENT_ID`, `<ID>_CLIENT_SECRET` and `<ID>_ISSUER`.
 */

const scopes = ['openid', 'email', 'profile'];

/** As long as the libraries of the other providers wait for a token. */
const TOKEN_TIMEOUT_MS = 10_000;

// RFC 6749 5.1: the token response; only the ID token is used.
const tokenResponse = z.object({ id_token: z.string().min(1) });

/** RFC 6749 2.3.1: the client's id and secret, each form-encoded, as HTTP Basic credentials. */
function basicCredentials(clientId: string, clientSecret: string): string {
  const encode = (value: string) => encodeURIComponent(value).replaceAll('%20', '+');
  return `Basic ${Buffer.from(`${encode(clientId)}:${encode(clientSecret)}`).toString('base64')}`;
}

/** The provider answered the token request, but not with a token: a refusal, as with the libraries of the others, not an outage. */
class TokenRefused extends Error {}

export const openIdSignIn: ProviderSignIn = {
  configured: (config, provider) => {
    const client = config.openId[provider];
    return (
      client && {
        clientId: client.clientId,
        discoveryUrl: openIdDiscoveryUrl(client.issuer),
        authorizationUrl: async (discovery, request) => {
          const url = new URL(discovery.authorization_endpoint);
          url.search = new URLSearchParams({
            response_type: 'code',
            client_id: client.clientId,
            redirect_uri: request.redirectUri,
            scope: scopes.join(' '),
            state: request.state,
            nonce: request.nonce,
            code_challenge: request.codeChallenge,
            code_challenge_method: 'S256',
            ...(request.loginHint ? { login_hint: request.loginHint } : {}),
          }).toString();
          return url.toString();
        },
        exchangeCode: async (discovery, exchange) => {
          const response = await fetch(discovery.token_endpoint, {
            method: 'POST',
            headers: { authorization: basicCredentials(client.clientId, client.clientSecret), 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
            body: new URLSearchParams({ grant_type: 'authorization_code', code: exchange.code, redirect_uri: exchange.redirectUri, code_verifier: exchange.codeVerifier }),
            signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
            cache: 'no-store',
          });
          const parsed = tokenResponse.safeParse(await response.json().catch(() => undefined));
          if (!response.ok || !parsed.success) throw new TokenRefused(`the token endpoint answered ${response.status} without an ID token`);
          return parsed.data.id_token;
        },
      }
    );
  },

  discoveryUrl: openIdDiscoveryUrl,

  // fetch throws a TypeError when nothing answers, and a DOMException when the time is up.
  gaveNoAnswer: (error) => error instanceof TypeError || (error instanceof DOMException && error.name === 'TimeoutError'),

  /** The provider must vouch for the address with `email_verified` the boolean true: absent, null, a string are "no". */
  identityRefusal: (claims) => (claims.email_verified === true ? undefined : 'email-not-verified'),
};
