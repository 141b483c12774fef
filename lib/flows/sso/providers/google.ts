import { gaxios, OAuth2Client } from 'google-auth-library';
import type { SsoClient } from '@/lib/platform/settings/config';
import { openIdDiscoveryUrl, type Discovery } from '@/lib/flows/sso/providers/discovery';
import { lowerCaseClaim } from '@/lib/flows/sso/providers/id-token';
import type { ProviderSignIn } from '@/lib/flows/sso/providers/provider-contract';

/** Google's sign-in on the server, through google-auth-library (its entry: lib/vocabulary/providers.ts). */

const scopes = ['openid', 'email', 'profile'];

function oauthClient(client: SsoClient, discovery: Discovery, redirectUri: string): OAuth2Client {
  return new OAuth2Client({
    clientId: client.clientId,
    clientSecret: client.clientSecret,
    redirectUri,
    endpoints: { oauth2AuthBaseUrl: discovery.authorization_endpoint, oauth2TokenUrl: discovery.token_endpoint },
  });
}

export const googleSignIn: ProviderSignIn = {
  configured: ({ google }) =>
    google && {
      clientId: google.clientId,
      discoveryUrl: openIdDiscoveryUrl(google.issuer),
      authorizationUrl: async (discovery, request) =>
        oauthClient(google, discovery, request.redirectUri).generateAuthUrl({
          scope: scopes,
          state: request.state,
          nonce: request.nonce,
          code_challenge: request.codeChallenge,
          code_challenge_method: 'S256' as never,
          ...(request.loginHint ? { login_hint: request.loginHint } : {}),
        }),
      exchangeCode: async (discovery, exchange) => {
        const { tokens } = await oauthClient(google, discovery, exchange.redirectUri).getToken({
          code: exchange.code,
          codeVerifier: exchange.codeVerifier,
          redirect_uri: exchange.redirectUri,
        });
        if (!tokens.id_token) throw new Error('Google answered without an ID token');
        return tokens.id_token;
      },
    },

  discoveryUrl: openIdDiscoveryUrl,

  // A refusal carries the provider's response, a network failure none.
  gaveNoAnswer: (error) => error instanceof gaxios.GaxiosError && error.response === undefined,

  /**
   * Google, or any provider behind the Google button, must vouch for the address with
   * `email_verified` the boolean true (absent, null, a string: unverified), and be of a listed
   * Workspace domain (`hd`) if any are.
   */
  identityRefusal(claims, policy) {
    if (claims.email_verified !== true) return 'email-not-verified';
    const hostedDomain = lowerCaseClaim(claims.hd);
    if (policy.googleHostedDomains.length > 0 && !(hostedDomain && policy.googleHostedDomains.includes(hostedDomain))) {
      return 'organisation-not-allowed';
    }
    return undefined;
  },
};
