import { NextResponse, type NextRequest } from 'next/server';
import { resolveArrival, type Arrival } from '@/lib/flows/arrival';
import { isValidDeviceId } from '@/lib/platform/backend/auth';
import { isTokenAccepted, organisationsOfNetwork } from '@/lib/platform/backend/organisations';
import { clientAddressFrom } from '@/lib/platform/request/client-address';
import { getConfig } from '@/lib/platform/settings/config';
import { readCookie, type ReceivedCookies } from '@/lib/platform/cookies';
import { earnedDeviceId, readLastLogin, writeOrganisationSignIn } from '@/lib/flows/hand-off';
import { organisationUrl, resolveRequestHost } from '@/lib/platform/hosts';
import { isLanguage } from '@/lib/platform/i18n/routing';
import { logger, requestFields } from '@/lib/platform/observability/logger';
import { countArrival, countTampering, type ArrivalDecision } from '@/lib/platform/observability/metrics';

const ARRIVAL_DECISIONS = {
  'show-login': 'show_login',
  organisation: 'organisation',
  'device-sign-in': 'device_sign_in',
  'tray-host': 'tray_host',
} as const satisfies Record<Arrival['kind'], ArrivalDecision>;

/** Only a page load of the login page itself (`/login`, `/login/{lang}`) is an arrival. */
export function isArrival(request: NextRequest): boolean {
  if (request.method !== 'GET' || request.headers.has('rsc') || request.headers.has('next-router-prefetch')) return false;
  const segments = request.nextUrl.pathname.split('/').filter(Boolean);
  return segments.length === 0 || (segments.length === 1 && isLanguage(segments[0]));
}

/** Decides the arrival; a redirect to the organisation, or undefined to show the login page. */
export async function arrive(
  request: NextRequest,
  received: ReceivedCookies,
  requestId: string,
): Promise<{ response?: NextResponse; arrival: Arrival }> {
  const config = getConfig();
  const device = earnedDeviceId(received);
  // No value: a sibling host may have written this loginUUID.
  if (device.refused) {
    logger().warn({ ...requestFields(requestId), binding: device.refused }, 'device id not earned in this browser, ignored');
    countTampering(device.refused === 'mismatch' ? 'device_id_mismatch' : 'device_id_unbound');
  }
  const arrival = await resolveArrival(
    {
      fetchDestination: request.headers.get('sec-fetch-dest'),
      query: request.nextUrl.searchParams,
      lastLogin: await readLastLogin(received),
      deviceId: device.deviceId,
      subDomainCookie: readCookie(received, 'subDomain'),
      clientAddress: clientAddressFrom(request.headers, config.trustedProxyHops),
    },
    { isTokenAccepted, isValidDeviceId, organisationsOfNetwork },
    config.appDomains,
  );

  // The proxy's own id (the one on the response); a child logger per page view would cost more than the line.
  logger().info({ ...requestFields(requestId), decision: arrival.kind }, 'arrival');
  countArrival(ARRIVAL_DECISIONS[arrival.kind]);
  const host = resolveRequestHost(request.headers, config.appDomains);
  switch (arrival.kind) {
    case 'show-login':
      return { arrival };
    case 'organisation':
      return { arrival, response: NextResponse.redirect(organisationUrl(host, arrival.subDomain), 303) };
    case 'tray-host':
      return { arrival, response: NextResponse.redirect(organisationUrl({ ...host, domain: arrival.domain }, arrival.subDomain), 303) };
    case 'device-sign-in': {
      const response = NextResponse.redirect(organisationUrl(host, arrival.subDomain), 303);
      await writeOrganisationSignIn(response.cookies, host, { subDomain: arrival.subDomain, authToken: arrival.accessToken });
      return { arrival, response };
    }
  }
}
