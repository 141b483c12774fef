import { AuthError, ConfidentialClientApplication, LogLevel, ProtocolMode, type Configuration } from '@azure/msal-node';
import type { SsoClient } from '@/lib/platform/settings/config';
import { openIdDiscoveryUrl, type Discovery } from '@/lib/flows/sso/providers/discovery';
import { lowerCaseClaim } from '@/lib/flows/sso/providers/id-token';
import type { ProviderSignIn } from '@/lib/flows/sso/providers/provider-contract';

/** Microsoft's sign-in on the server, through @azure/msal-node (its entry: lib/vocabulary/providers.ts). */

// offline_access is among the scopes Microsoft is asked for (docs/identity-providers.md); nothing here uses a refresh token.
const scopes = ['openid', 'profile', 'offline_access', 'email'];

/**
 * The hosts MSAL itself treats as Microsoft's (msal-common's InstanceDiscoveryMetadataAliases,
 * the public and sovereign clouds), plus Entra External ID's `<tenant>.ciamlogin.com`. Any other
 * host is a plain OpenID Connect provider to MSAL (ProtocolMode.OIDC).
 */
const MICROSOFT_AUTHORITY_HOSTS = new Set([
  'login.microsoftonline.com',
  'login.windows.net',
  'login.microsoft.com',
  'sts.windows.net',
  'login.partner.microsoftonline.cn',
  'login.chinacloudapi.cn',
  'login.microsoftonline.de',
  'login.microsoftonline.us',
  'login.usgovcloudapi.net',
  'login-us.microsoftonline.com',
  'login.sovcloud-identity.fr',
  'login.sovcloud-identity.de',
  'login.sovcloud-identity.sg',
]);

export function isMicrosoftAuthorityHost(authority: string): boolean {
  const host = new URL(authority).hostname.toLowerCase();
  return MICROSOFT_AUTHORITY_HOSTS.has(host) || host.endsWith('.ciamlogin.com');
}

/**
 * Microsoft's hosts publish the discovery document under `<authority>/v2.0/` (`/organizations`,
 * `/common`, `/consumers`, a tenant id or domain), unless the authority already ends in `/v2.0`;
 * any other provider behind the Microsoft button directly under its issuer. This is what MSAL's
 * `defaultOpenIdConfigurationEndpoint` computes in the mode `msalConfiguration` gives it.
 */
function microsoftDiscoveryUrl(authority: string): string {
  const base = authority.replace(/\/+$/, '');
  const underV2 = isMicrosoftAuthorityHost(base) && !/\/v2\.0$/i.test(base);
  return openIdDiscoveryUrl(underV2 ? `${base}/v2.0` : base);
}

/**
 * The document as MSAL's `authorityMetadata` expects it (msal-common's OpenIdConfigResponse): with
 * it MSAL neither fetches nor validates a document of its own.
 */
function msalAuthorityMetadata(discovery: Discovery): string {
  const { issuer, authorization_endpoint, token_endpoint, jwks_uri, end_session_endpoint } = discovery;
  return JSON.stringify({ issuer, authorization_endpoint, token_endpoint, jwks_uri, ...(end_session_endpoint ? { end_session_endpoint } : {}) });
}

/**
 * MSAL's configuration: the app's own copy of the discovery document (`authorityMetadata`), so it
 * fetches none itself; the generic OpenID mode and a trusted host for any non-Microsoft authority.
 */
export function msalConfiguration(microsoft: SsoClient & { authority: string }, discovery: Discovery): Configuration {
  const isMicrosoft = isMicrosoftAuthorityHost(microsoft.authority);
  return {
    auth: {
      clientId: microsoft.clientId,
      clientSecret: microsoft.clientSecret,
      authority: microsoft.authority,
      authorityMetadata: msalAuthorityMetadata(discovery),
      // Any other issuer (Keycloak, the local provider, a sovereign proxy) is trusted as
      // configured rather than checked against Microsoft's instance discovery.
      ...(isMicrosoft ? {} : { knownAuthorities: [new URL(microsoft.authority).host] }),
    },
    system: {
      ...(isMicrosoft ? {} : { protocolMode: ProtocolMode.OIDC }),
      loggerOptions: { logLevel: LogLevel.Warning, piiLoggingEnabled: false, loggerCallback: () => {} },
    },
  };
}

// With authorityMetadata MSAL reaches the network only for the token.
const msalNetworkErrors = new Set(['endpoints_resolution_error', 'network_error']);

export const microsoftSignIn: ProviderSignIn = {
  configured: ({ microsoft }) =>
    microsoft && {
      clientId: microsoft.clientId,
      discoveryUrl: microsoftDiscoveryUrl(microsoft.authority),
      // A new application per request: MSAL's token cache must never outlive one sign-in.
      authorizationUrl: async (discovery, request) =>
        new ConfidentialClientApplication(msalConfiguration(microsoft, discovery)).getAuthCodeUrl({
          scopes,
          redirectUri: request.redirectUri,
          state: request.state,
          nonce: request.nonce,
          codeChallenge: request.codeChallenge,
          codeChallengeMethod: 'S256',
          responseMode: 'query',
          ...(request.loginHint ? { loginHint: request.loginHint } : {}),
        }),
      exchangeCode: async (discovery, exchange) => {
        const result = await new ConfidentialClientApplication(msalConfiguration(microsoft, discovery)).acquireTokenByCode(
          {
            code: exchange.code,
            scopes,
            redirectUri: exchange.redirectUri,
            codeVerifier: exchange.codeVerifier,
            state: exchange.state,
            nonce: exchange.nonce,
          },
          { code: exchange.code, state: exchange.state, nonce: exchange.nonce },
        );
        if (!result.idToken) throw new Error('Microsoft answered without an ID token');
        return result.idToken;
      },
    },

  discoveryUrl: microsoftDiscoveryUrl,

  gaveNoAnswer: (error) => error instanceof AuthError && msalNetworkErrors.has(error.errorCode),

  /**
   * Fail closed (docs/decisions.md, Single sign-on): an Entra token (it names its tenant, `tid`)
   * vouches for its `email` only with `xms_edov: true`, the optional claim by which Entra says
   * the tenant owns that address's domain; without it any tenant's administrator could type
   * anyone's address. A tenant the operator listed is vouched for by the operator, unless the
   * token itself says otherwise. Any other provider behind the Microsoft button must say
   * `email_verified: true`. Absent, null, a string: unverified.
   */
  identityRefusal(claims, policy) {
    const tenantId = lowerCaseClaim(claims.tid);
    const tenantListed = tenantId !== undefined && policy.microsoftTenantIds.includes(tenantId);
    if (policy.microsoftTenantIds.length > 0 && !tenantListed) return 'organisation-not-allowed';
    const saysOtherwise = (claims.xms_edov !== undefined && claims.xms_edov !== true) || (claims.email_verified !== undefined && claims.email_verified !== true);
    const vouched = claims.tid === undefined ? claims.email_verified === true : tenantListed || claims.xms_edov === true;
    return vouched && !saysOtherwise ? undefined : 'email-not-verified';
  },
};
