import type { JWTPayload } from 'jose';
import { providerRefusal, type ProviderRefusal } from '@/lib/platform/backend/error-catalogue';
import { getConfig } from '@/lib/platform/settings/config';
import { timedProviderCall } from '@/lib/platform/observability/metrics';
import { discover, forgetDiscovery, ProviderUnreachable, type Discovery } from './discovery';
import { assertProviderAnswers } from './provider-probe';
import type { AuthorizationRequest, CodeExchange, ConfiguredProvider, IdentityPolicy, ProviderSignIn } from './provider-contract';
import { providerById, type ProviderDescriptor, type ProviderId } from '../../../vocabulary/providers';
import { googleSignIn } from './google';
import { microsoftSignIn } from './microsoft';
import { openIdSignIn } from './openid';

/** How the server signs in, by the registry's `client` of a provider. */
const signIns = { 'google-auth-library': googleSignIn, msal: microsoftSignIn, openid: openIdSignIn } satisfies Record<ProviderDescriptor['client'], ProviderSignIn>;

export function providerSignIn(provider: ProviderId): ProviderSignIn {
  return signIns[providerById(provider).client];
}

export class ProviderNotConfigured extends Error {}

function configured(provider: ProviderId): ConfiguredProvider {
  const client = providerSignIn(provider).configured(getConfig(), provider);
  if (!client) throw new ProviderNotConfigured();
  return client;
}

export type ProviderClient = { clientId: string; discovery: Discovery };

/** The provider's client id and discovery document, or ProviderNotConfigured. */
export async function providerClient(provider: ProviderId): Promise<ProviderClient> {
  const { clientId, discoveryUrl } = configured(provider);
  return { clientId, discovery: await discover(discoveryUrl, { provider }) };
}

/** Reports a provider that gave no answer as ProviderUnreachable; a refusal stays what it was. */
async function reachingProvider<T>(provider: ProviderId, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw providerSignIn(provider).gaveNoAnswer(error) ? new ProviderUnreachable('provider unreachable', { cause: error }) : error;
  }
}

/**
 * The address to send the browser to, once the provider has shown that it answers: a cached
 * discovery document says nothing about whether the provider is up right now.
 */
export async function authorizationUrl(provider: ProviderId, request: AuthorizationRequest): Promise<string> {
  const client = configured(provider);
  const discovery = await discover(client.discoveryUrl, { provider });
  try {
    await assertProviderAnswers(discovery.authorization_endpoint);
  } catch (error) {
    // The next sign-in reads the discovery document anew (see forgetDiscovery).
    forgetDiscovery(client.discoveryUrl);
    throw error;
  }
  return reachingProvider(provider, () => client.authorizationUrl(discovery, request));
}

/** Exchanges the authorization code (with the PKCE verifier) for the raw ID token. */
export async function exchangeCode(provider: ProviderId, exchange: CodeExchange): Promise<string> {
  const client = configured(provider);
  const discovery = await discover(client.discoveryUrl, { provider });
  try {
    return await timedProviderCall(provider, 'token', () => reachingProvider(provider, () => client.exchangeCode(discovery, exchange)));
  } catch (error) {
    if (error instanceof ProviderUnreachable) forgetDiscovery(client.discoveryUrl);
    throw error;
  }
}

/** Whether the token proves an identity the app may forward, by the provider's own rule. */
export function identityRefusal(provider: ProviderId, claims: JWTPayload, policy: IdentityPolicy): ProviderRefusal | undefined {
  const refusal = providerSignIn(provider).identityRefusal(claims, policy);
  return refusal && providerRefusal(provider, refusal);
}
