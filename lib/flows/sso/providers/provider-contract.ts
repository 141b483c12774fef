import type { JWTPayload } from 'jose';
import type { IdentityRefusal } from '@/lib/platform/backend/error-catalogue';
import type { Config } from '@/lib/platform/settings/config';
import type { ProviderId } from '../../../vocabulary/providers';
import type { Discovery } from './discovery';

/**
 * How the server signs in with a provider: each builds the authorization URL and exchanges the
 * code through its own library (providers/<provider>.ts). Endpoints, issuer and keys come
 * from one discovery document per provider (discovery.ts), which the libraries are handed rather
 * than fetching their own, so the local identity provider and the real ones differ only in
 * configuration.
 */

export type AuthorizationRequest = {
  redirectUri: string;
  state: string;
  nonce: string;
  codeChallenge: string;
  loginHint?: string;
};

export type CodeExchange = { code: string; codeVerifier: string; redirectUri: string; state: string; nonce: string };

/** Who may sign in, beyond a valid token (settings GOOGLE_HOSTED_DOMAINS, MICROSOFT_TENANT_IDS; empty: anyone). */
export type IdentityPolicy = { googleHostedDomains: readonly string[]; microsoftTenantIds: readonly string[] };

/** A provider's client as the settings configure it. */
export type ConfiguredProvider = {
  clientId: string;
  discoveryUrl: string;
  authorizationUrl(discovery: Discovery, request: AuthorizationRequest): Promise<string>;
  /** The raw ID token for the authorization code. */
  exchangeCode(discovery: Discovery, exchange: CodeExchange): Promise<string>;
};

export type ProviderSignIn = {
  /** Its client from the settings, or nothing: the login page then shows no button for it. */
  configured(config: Config, provider: ProviderId): ConfiguredProvider | undefined;
  /** Where the discovery document of the configured issuer (or authority) lives. */
  discoveryUrl(issuer: string): string;
  /** Whether an error of its library means that the provider gave no answer, rather than a refusal. */
  gaveNoAnswer(error: unknown): boolean;
  /**
   * Why a valid token still does not prove an identity the app may forward (docs/decisions.md,
   * Single sign-on); each reason is a message on the login page that names the provider.
   */
  identityRefusal(claims: JWTPayload, policy: IdentityPolicy): IdentityRefusal | undefined;
};
