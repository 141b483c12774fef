import { AuthError, ConfidentialClientApplication, LogLevel, ProtocolMode } from '@azure/msal-node';
import { gaxios, OAuth2Client } from 'google-auth-library';
import { getConfig } from '@/lib/config';
import { discover, ProviderUnreachable, type Discovery } from './discovery';

/**
 * Google through google-auth-library, Microsoft through MSAL: each builds the authorization URL
 * and exchanges the code on the server. Endpoints come from the issuer's discovery document, so
 * the local identity provider and the real ones differ only in configuration.
 */

export type SsoProvider = 'google' | 'microsoft';

// offline_access is what the specification asks Microsoft for; nothing here uses a refresh token.
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

const MICROSOFT_HOSTS = /(^|\.)(microsoftonline\.com|microsoftonline\.us|chinacloudapi\.cn|microsoft\.com)$/;

function microsoftDiscoveryUrl(authority: string): string {
  // MSAL's own rule: a v2.0 authority as it is, any other gets /v2.0 appended.
  const v2 = authority.endsWith('/v2.0') ? authority : `${authority}/v2.0`;
  return `${v2}/.well-known/openid-configuration`;
}

/** The provider's client id and discovery document, or ProviderNotConfigured. */
export async function providerClient(provider: SsoProvider): Promise<ProviderClient> {
  const config = getConfig();
  if (provider === 'google') {
    if (!config.google) throw new ProviderNotConfigured();
    return { clientId: config.google.clientId, discovery: await discover(`${config.google.issuer}/.well-known/openid-configuration`) };
  }
  if (!config.microsoft) throw new ProviderNotConfigured();
  return { clientId: config.microsoft.clientId, discovery: await discover(microsoftDiscoveryUrl(config.microsoft.authority)) };
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

/** A new application per request: MSAL's token cache must never outlive one sign-in. */
function microsoftClient(): ConfidentialClientApplication {
  const microsoft = getConfig().microsoft;
  if (!microsoft) throw new ProviderNotConfigured();
  const authorityHost = new URL(microsoft.authority).host;
  const isMicrosoft = MICROSOFT_HOSTS.test(new URL(microsoft.authority).hostname);
  return new ConfidentialClientApplication({
    auth: {
      clientId: microsoft.clientId,
      clientSecret: microsoft.clientSecret,
      authority: microsoft.authority,
      // Any other issuer (the local provider, a sovereign proxy) is trusted as configured rather
      // than checked against Microsoft's instance discovery.
      ...(isMicrosoft ? {} : { knownAuthorities: [authorityHost] }),
    },
    system: {
      ...(isMicrosoft ? {} : { protocolMode: ProtocolMode.OIDC }),
      loggerOptions: { logLevel: LogLevel.Warning, piiLoggingEnabled: false, loggerCallback: () => {} },
    },
  });
}

// MSAL fetches the authority's metadata itself on every new application, then the token.
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

export function authorizationUrl(provider: SsoProvider, request: AuthorizationRequest): Promise<string> {
  return reachingProvider(() => buildAuthorizationUrl(provider, request));
}

async function buildAuthorizationUrl(provider: SsoProvider, request: AuthorizationRequest): Promise<string> {
  const { discovery } = await providerClient(provider);
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
  return microsoftClient().getAuthCodeUrl({
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
export function exchangeCode(provider: SsoProvider, exchange: CodeExchange): Promise<string> {
  return reachingProvider(() => exchangeCodeAtProvider(provider, exchange));
}

async function exchangeCodeAtProvider(provider: SsoProvider, exchange: CodeExchange): Promise<string> {
  const { discovery } = await providerClient(provider);
  if (provider === 'google') {
    const { tokens } = await googleClient(discovery, exchange.redirectUri).getToken({
      code: exchange.code,
      codeVerifier: exchange.codeVerifier,
      redirect_uri: exchange.redirectUri,
    });
    if (!tokens.id_token) throw new Error('Google answered without an ID token');
    return tokens.id_token;
  }
  const result = await microsoftClient().acquireTokenByCode(
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
