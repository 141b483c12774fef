import type { BackendResult } from '@/lib/platform/backend/client';
import type { DeviceSignIn } from '@/lib/platform/backend/auth';
import type { LastLogin } from '@/lib/flows/hand-off';

/**
 * Auto-login when a browser arrives at the login page (docs/product.md, Arrival): a returning
 * user is sent on to their organisation before any page is rendered. The local-storage token is
 * only visible to the browser; the page checks it (components/arrival).
 */

/** Every backend call on arrival shares this budget; past it, the login page is shown. */
export const ARRIVAL_BUDGET_MS = 1_500;

export type ArrivalRequest = {
  /** `Sec-Fetch-Dest`: the browser says whether the page is loading inside a frame. */
  fetchDestination: string | null;
  query: URLSearchParams;
  lastLogin: LastLogin | undefined;
  deviceId: string | undefined;
  subDomainCookie: string | undefined;
  /** The address the trusted proxy saw (lib/platform/request/client-address.ts); without one, no network lookup. */
  clientAddress: string | undefined;
};

export type ArrivalChecks = {
  isTokenAccepted(subDomain: string, authToken: string, timeoutMs: number): Promise<BackendResult<true>>;
  isValidDeviceId(deviceId: string, timeoutMs: number): Promise<BackendResult<DeviceSignIn>>;
  /** Asks about the current request's client address, which the backend client forwards itself. */
  organisationsOfNetwork(timeoutMs: number): Promise<BackendResult<{ trayConfigUrl: string }[]>>;
};

export type Arrival =
  /** `forgetBrowser`: signed out in the web app, so this browser's sign-in is forgotten. */
  | { kind: 'show-login'; forgetBrowser: boolean }
  | { kind: 'organisation'; subDomain: string }
  | { kind: 'device-sign-in'; subDomain: string; accessToken: string }
  /** The organisation registered for the caller's network, on the configured `domain` its tray configuration names. */
  | { kind: 'tray-host'; subDomain: string; domain: string };

const FRAME_DESTINATIONS = new Set(['iframe', 'frame', 'embed', 'object', 'fencedframe']);
const DNS_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/i;

/** Whether this arrival may sign in by itself at all. */
export function mayAutoLogin(request: Pick<ArrivalRequest, 'fetchDestination' | 'query'>): boolean {
  return !FRAME_DESTINATIONS.has(request.fetchDestination ?? '') && addressMaySignInByItself(request.query);
}

/**
 * What the address says: signed out (`web`), or back from a finished choice of organisation
 * (`picker`), the person left on purpose; with an `error`, there is something to read. The
 * prerendered login page asks this in the browser (components/arrival/local-token-redirect.tsx).
 */
export function addressMaySignInByItself(query: URLSearchParams): boolean {
  const from = query.get('from');
  return from !== 'web' && from !== 'picker' && !query.has('error');
}

/**
 * The organisation of a tray configuration URL: the host's one label below a configured domain.
 * Nothing else of that URL (its path, port or credentials) reaches the hand-off, which builds the
 * address as every other does: `https://acme.<domain>//evil.com/` would leave the domain.
 */
export function organisationOfTrayConfig(trayConfigUrl: string, appDomains: readonly string[]): { subDomain: string; domain: string } | undefined {
  let url: URL;
  try {
    url = new URL(trayConfigUrl);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:') return undefined;
  for (const domain of appDomains) {
    const label = url.hostname.endsWith(`.${domain}`) ? url.hostname.slice(0, -domain.length - 1) : undefined;
    if (label !== undefined && DNS_LABEL.test(label)) return { subDomain: label.toLowerCase(), domain };
  }
  return undefined;
}

export async function resolveArrival(
  request: ArrivalRequest,
  checks: ArrivalChecks,
  appDomains: readonly string[],
  now: () => number = Date.now,
): Promise<Arrival> {
  if (!mayAutoLogin(request)) return { kind: 'show-login', forgetBrowser: request.query.get('from') === 'web' };

  const deadline = now() + ARRIVAL_BUDGET_MS;
  const remaining = () => deadline - now();

  if (request.lastLogin && DNS_LABEL.test(request.lastLogin.subDomain)) {
    const accepted = await checks.isTokenAccepted(request.lastLogin.subDomain, request.lastLogin.authToken, remaining());
    if (accepted.ok) return { kind: 'organisation', subDomain: request.lastLogin.subDomain };
  }

  if (request.deviceId && remaining() > 0) {
    const device = await checks.isValidDeviceId(request.deviceId, remaining());
    if (device.ok) return { kind: 'device-sign-in', ...device.value };
  }

  if (request.subDomainCookie && DNS_LABEL.test(request.subDomainCookie)) {
    return { kind: 'organisation', subDomain: request.subDomainCookie.toLowerCase() };
  }

  // Without the client's address the backend would look up this app's own network.
  if (request.clientAddress !== undefined && remaining() > 0) {
    const organisations = await checks.organisationsOfNetwork(remaining());
    const organisation = organisations.ok
      ? organisations.value.map((candidate) => organisationOfTrayConfig(candidate.trayConfigUrl, appDomains)).find(Boolean)
      : undefined;
    if (organisation) return { kind: 'tray-host', ...organisation };
  }

  return { kind: 'show-login', forgetBrowser: false };
}
