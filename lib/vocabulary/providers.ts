import { z } from 'zod';

/**
 * The single sign-on providers: the one list that the login page's buttons, the routes, the
 * sealed cookies and the backend's `source` read. A descriptor holds no library, so the proxy and
 * any page may import it; how the server signs in with each provider is in
 * `lib/flows/sso/providers/<provider>.ts`, reached only through lib/flows/sso/providers/provider-sign-in.ts.
 */
export type ProviderDescriptor = {
  /** Kept in the flow, picker and last-used cookies, and named in log lines. */
  id: string;
  /** The provider's own name, as in "Taking you to Google…". */
  name: string;
  /**
   * The folder of its routes below the base path: the start `/start-<segment>`, the return
   * address registered with the provider `/<segment>`, and `/<lang>/<segment>/organisations` and
   * `/<lang>/<segment>/open-app`. Next serves them from app/, so each needs its folders there.
   */
  routeSegment: string;
  /** ssoLogin's `source` (docs/decisions.md, The calls). */
  source: string;
};

export const google = {
  id: 'google',
  name: 'Google',
  routeSegment: 'google',
  source: 'google',
} as const satisfies ProviderDescriptor;

export const microsoft = {
  id: 'microsoft',
  name: 'Microsoft',
  routeSegment: 'microsoft',
  source: 'microsoft',
} as const satisfies ProviderDescriptor;

/** In the login page's order, unless one was used last. */
export const providers = [google, microsoft] as const satisfies readonly ProviderDescriptor[];

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
