import { AuthError, ConfidentialClientApplication, LogLevel, ProtocolMode, type Configuration } from '@azure/msal-node';
import { gaxios, OAuth2Client } from 'google-auth-library';
import { getConfig, type SsoClient } from '@/lib/config';
import {
  discover,
  discoveryUrl,
  forgetDiscovery,
  isMicrosoftAuthorityHost,
  msalAuthorityMetadata,
  ProviderUnreachable,
  type Discovery,
} from './discovery';
import { assertProviderAnswers } from './provider-probe';

/**
 * Google through google-auth-library, Microsoft through MSAL: each builds the authorization URL
 * and exchanges the code on the server. Endpoints, issuer and keys come from one discovery
 * document per provider (discovery.ts), which MSAL is handed rather than fetching its own, so the
 * local identity provider and the real ones differ only in configuration.
 */

export type SsoProvider = 'google' | 'microsoft';

// offline_access is among the scopes Microsoft is asked for (docs/identity-providers.md); nothing here uses a refresh token.
const scopes: Record<SsoProvider, string[]> = {
  google: ['openid', 'email', 'profile'],
  microsoft: ['openid', 'profile', 'offline_access', 'email'],
};

export type AuthorizationRequest = {
  redirectUri: string;
  state: string;
  nonce: string;
  codeChallenge: string;
  loginHint?: string;
};

export type CodeExchange = { code: string; codeVerifier: string; redirectUri: string; state: string; nonce: string };

export type ProviderClient = { clientId: string; discovery: Discovery };

export class ProviderNotConfigured extends Error {}

/** The address of the provider's discovery document, from its setting. */
function discoveryUrlOf(provider: SsoProvider): string {
  const config = getConfig();
  if (provider === 'google') {
    if (!config.google) throw new ProviderNotConfigured();
    return discoveryUrl('google', config.google.issuer);
  }
  if (!config.microsoft) throw new ProviderNotConfigured();
  return discoveryUrl('microsoft', config.microsoft.authority);
}

/** The provider's client id and discovery document, or ProviderNotConfigured. */
export async function providerClient(provider: SsoProvider): Promise<ProviderClient> {
  const url = discoveryUrlOf(provider);
  const config = getConfig();
  const clientId = provider === 'google' ? config.google!.clientId : config.microsoft!.clientId;
  return { clientId, discovery: await discover(url) };
}

/** The next sign-in reads the provider's discovery document anew (see forgetDiscovery). */
export function refreshDiscovery(provider: SsoProvider): void {
  try {
    forgetDiscovery(discoveryUrlOf(provider));
  } catch {
    // Not configured: nothing cached.
  }
}

function googleClient(discovery: Discovery, redirectUri: string): OAuth2Client {
  const google = getConfig().google;
  if (!google) throw new ProviderNotConfigured();
  return new OAuth2Client({
    clientId: google.clientId,
    clientSecret: google.clientSecret,
    redirectUri,
    endpoints: { oauth2AuthBaseUrl: discovery.authorization_endpoint, oauth2TokenUrl: discovery.token_endpoint },
  });
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

/** A new application per request: MSAL's token cache must never outlive one sign-in. */
function microsoftClient(discovery: Discovery): ConfidentialClientApplication {
  const microsoft = getConfig().microsoft;
  if (!microsoft) throw new ProviderNotConfigured();
  return new ConfidentialClientApplication(msalConfiguration(microsoft, discovery));
}

// With authorityMetadata MSAL reaches the network only for the token.
const msalNetworkErrors = new Set(['endpoints_resolution_error', 'network_error']);

/** Reports a provider that gave no answer as ProviderUnreachable; a refusal stays what it was. */
async function reachingProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const noAnswer =
      (error instanceof AuthError && msalNetworkErrors.has(error.errorCode)) ||
      // google-auth-library: a refusal carries the provider's response, a network failure none.
      (error instanceof gaxios.GaxiosError && error.response === undefined);
    throw noAnswer ? new ProviderUnreachable('provider unreachable', { cause: error }) : error;
  }
}

/**
 * The address to send the browser to, once the provider has shown that it answers: a cached
 * discovery document says nothing about whether the provider is up right now.
 */
export async function authorizationUrl(provider: SsoProvider, request: AuthorizationRequest): Promise<string> {
  const { discovery } = await providerClient(provider);
  try {
    await assertProviderAnswers(discovery.authorization_endpoint);
  } catch (error) {
    refreshDiscovery(provider);
    throw error;
  }
  return reachingProvider(() => buildAuthorizationUrl(provider, discovery, request));
}

async function buildAuthorizationUrl(provider: SsoProvider, discovery: Discovery, request: AuthorizationRequest): Promise<string> {
  if (provider === 'google') {
    return googleClient(discovery, request.redirectUri).generateAuthUrl({
      scope: scopes.google,
      state: request.state,
      nonce: request.nonce,
      code_challenge: request.codeChallenge,
      code_challenge_method: 'S256' as never,
      ...(request.loginHint ? { login_hint: request.loginHint } : {}),
    });
  }
  return microsoftClient(discovery).getAuthCodeUrl({
    scopes: scopes.microsoft,
    redirectUri: request.redirectUri,
    state: request.state,
    nonce: request.nonce,
    codeChallenge: request.codeChallenge,
    codeChallengeMethod: 'S256',
    responseMode: 'query',
    ...(request.loginHint ? { loginHint: request.loginHint } : {}),
  });
}

/** Exchanges the authorization code (with the PKCE verifier) for the raw ID token. */
export async function exchangeCode(provider: SsoProvider, exchange: CodeExchange): Promise<string> {
  const { discovery } = await providerClient(provider);
  try {
    return await reachingProvider(() => exchangeCodeAtProvider(provider, discovery, exchange));
  } catch (error) {
    if (error instanceof ProviderUnreachable) refreshDiscovery(provider);
    throw error;
  }
}

async function exchangeCodeAtProvider(provider: SsoProvider, discovery: Discovery, exchange: CodeExchange): Promise<string> {
  if (provider === 'google') {
    const { tokens } = await googleClient(discovery, exchange.redirectUri).getToken({
      code: exchange.code,
      codeVerifier: exchange.codeVerifier,
      redirect_uri: exchange.redirectUri,
    });
    if (!tokens.id_token) throw new Error('Google answered without an ID token');
    return tokens.id_token;
  }
  const result = await microsoftClient(discovery).acquireTokenByCode(
    {
      code: exchange.code,
      scopes: scopes.microsoft,
      redirectUri: exchange.redirectUri,
      codeVerifier: exchange.codeVerifier,
      state: exchange.state,
      nonce: exchange.nonce,
    },
    { code: exchange.code, state: exchange.state, nonce: exchange.nonce },
  );
  if (!result.idToken) throw new Error('Microsoft answered without an ID token');
  return result.idToken;
}
