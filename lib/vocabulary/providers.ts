import { z } from 'zod';

/**
 * The single sign-on providers: the one list that the login page's buttons, the routes, the
 * settings, the sealed cookies, the metrics and the backend's `source` read (docs/contributing.md,
 * A provider). A descriptor holds no library, so the proxy and any page may import it; how the
 * server signs in with each is chosen by its `client`, in lib/flows/sso/providers/provider-sign-in.ts.
 */
export type ProviderDescriptor = {
  /** Kept in the flow, picker and last-used cookies, and named in log lines. */
  id: string;
  /** The provider's own name, as in "Taking you to Google…". */
  name: string;
  /**
   * Its addresses below the base path: the start `/start-<segment>`, the return address
   * registered with the provider `/<segment>`, and `/<lang>/<segment>/organisations` and
   * `/<lang>/<segment>/open-app`, served by app/sso/[provider]/ and app/[lang]/[provider]/.
   */
  routeSegment: string;
  /** ssoLogin's `source` (docs/decisions.md, The calls). */
  source: string;
  /**
   * How the server signs in with it: Google's own library, Microsoft's (MSAL), each with settings
   * of its own, or plain OpenID Connect (lib/flows/sso/providers/openid.ts), configured by
   * `<ID>_CLIENT_ID`, `<ID>_CLIENT_SECRET` and `<ID>_ISSUER`.
   */
  client: 'google-auth-library' | 'msal' | 'openid';
};

/** In the login page's order, unless one was used last. Ids and segments are lower-case letters. */
export const providers = [
  { id: 'google', name: 'Google', routeSegment: 'google', source: 'google', client: 'google-auth-library' },
  { id: 'microsoft', name: 'Microsoft', routeSegment: 'microsoft', source: 'microsoft', client: 'msal' },
] as const satisfies readonly ProviderDescriptor[];

export type Provider = (typeof providers)[number];
export type ProviderId = Provider['id'];
export type ProviderSource = Provider['source'];

export const providerIds: readonly ProviderId[] = providers.map((provider) => provider.id);

/** A provider id read back from a cookie: anything else fails. */
export const providerIdSchema = z.enum(providerIds);

export function providerById(id: ProviderId): Provider {
  return providers.find((provider) => provider.id === id)!;
}

/** The provider a route names, as a path segment (`routeSegment`), or nothing. */
export function providerOfRouteSegment(segment: string): Provider | undefined {
  return providers.find((provider) => provider.routeSegment === segment);
}

/** The first path segment of the provider's start route, e.g. `start-google`. */
export function startSegment(provider: Provider): string {
  return `start-${provider.routeSegment}`;
}

/** The plain OpenID Connect providers: each configured by three settings named after its id. */
export type OpenIdProvider = Extract<Provider, { client: 'openid' }>;
export const openIdProviders: readonly Provider[] = providers.filter((provider: ProviderDescriptor) => provider.client === 'openid');
