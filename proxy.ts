import { NextResponse, type NextRequest } from 'next/server';
import { arrive, isArrival } from '@/lib/arrival-proxy';
import { clearCookie, clearingsOfTamperedCookies, parseCookieHeader, readCookie, tamperedCookieNames, type ReceivedCookies } from '@/lib/cookies';
import { countTampering } from '@/lib/metrics';
import { isLanguage } from '@/lib/i18n/routing';
import { forgetThisBrowser } from '@/lib/hand-off';
import { getConfig } from '@/lib/config';
import { describeError, logFailure, requestFields } from '@/lib/logger';
import { resolveRequestHost, webOrigin, type RequestHost } from '@/lib/hosts';
import { inlineStyleHashes } from '@/lib/inline-style-hashes';
import { routeLanguage } from '@/lib/i18n/language-routing';
import { REQUEST_ID_HEADER, requestIdFrom } from '@/lib/request/id';
import { createNonce, pageContentSecurityPolicyWithNonce, STATIC_SECURITY_HEADERS } from '@/lib/security-headers';

export async function proxy(request: NextRequest) {
  try {
    return await answer(request);
  } catch (error) {
    // Never a bare 500: the same security headers as any answer, and one log line.
    logFailure({ ...requestFields(requestIdFrom(request.headers)), error: describeError(error) }, 'proxy failed');
    const failed = new NextResponse('Something went wrong.', { status: 500, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
    failed.headers.set('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
    for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) failed.headers.set(name, value);
    return failed;
  }
}

async function answer(request: NextRequest): Promise<NextResponse> {
  const config = getConfig();
  const host = resolveRequestHost(request.headers, config.appDomains);
  const requestId = requestIdFrom(request.headers);
  const contentSecurityPolicy = policyOfHost(host)(createNonce());

  // Next takes the nonce from the policy and puts it on every script of a dynamic page.
  const forwarded = new Headers(request.headers);
  forwarded.set('content-security-policy', contentSecurityPolicy);
  forwarded.set(REQUEST_ID_HEADER, requestId);

  const received = parseCookieHeader(request.headers.get('cookie'));
  const response = await route(request, forwarded, host, received, requestId);
  response.headers.set('Content-Security-Policy', contentSecurityPolicy);
  for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) response.headers.set(name, value);
  response.headers.set(REQUEST_ID_HEADER, requestId);
  // Last: response.cookies rewrites every Set-Cookie header it did not write itself.
  const tampered = tamperedCookieNames(received);
  if (tampered.length > 0) {
    countTampering('duplicate_cookie');
    for (const clearing of clearingsOfTamperedCookies(tampered, host, fullPath(request))) response.headers.append('set-cookie', clearing);
  }
  return response;
}

// The policy differs only by the form targets' protocol and port (settings are fixed): built once
// for each. A client picks the Host header, so the cache is bounded.
const policiesOfHosts = new Map<string, (nonce: string) => string>();
let inlineStyles: string[] | undefined;

function policyOfHost(host: RequestHost): (nonce: string) => string {
  const key = `${host.protocol}:${host.port}`;
  let policy = policiesOfHosts.get(key);
  if (!policy) {
    const config = getConfig();
    const development = process.env.NODE_ENV === 'development';
    policy = pageContentSecurityPolicyWithNonce(
      { protocol: host.protocol, appDomains: config.appDomains, port: host.port, redirectAllowlist: config.ssoRedirectAllowlist },
      development,
      development ? [] : (inlineStyles ??= inlineStyleHashes()),
    );
    if (policiesOfHosts.size >= 16) policiesOfHosts.clear();
    policiesOfHosts.set(key, policy);
  }
  return policy;
}

async function route(
  request: NextRequest,
  forwarded: Headers,
  host: RequestHost,
  received: ReceivedCookies,
  requestId: string,
): Promise<NextResponse> {
  // Sign-in state lives in host-only cookies of web.<domain>: every page and start of a flow is
  // served there, so that what one step writes, the next one reads (docs/decisions.md, For safety).
  if (isPageRequest(request) && host.hostname !== `web.${host.domain}`) {
    return NextResponse.redirect(`${webOrigin(host)}${fullPath(request)}${request.nextUrl.search}`, 308);
  }

  // A returning user goes straight to the organisation: one request, no page.
  const arrival = isArrival(request) ? await arrive(request, received, requestId) : undefined;
  if (arrival?.response) return arrival.response;

  const route = routeLanguage(request.nextUrl.pathname, request.headers.get('accept-language'));
  let response = NextResponse.next({ request: { headers: forwarded } });
  if (route.action === 'redirect') {
    const target = request.nextUrl.clone();
    target.pathname = route.pathname;
    response = NextResponse.redirect(target, 307);
  }

  if (arrival?.arrival.kind === 'show-login' && arrival.arrival.forgetBrowser) forgetThisBrowser(response.cookies, host);
  // The page reads the kept address from this request; the browser forgets it, so it shows once.
  if (isLoginPageLoad(request) && readCookie(received, 'keptAddress')) clearCookie(response.cookies, 'keptAddress', host);
  return response;
}

/** The login page (`/`, `/{lang}`) as a browser loads or navigates to it; not a prefetch, which nobody sees. */
function isLoginPageLoad(request: NextRequest): boolean {
  if (request.method !== 'GET' || request.headers.has('next-router-prefetch')) return false;
  const segments = request.nextUrl.pathname.split('/').filter(Boolean);
  return segments.length === 0 || (segments.length === 1 && isLanguage(segments[0]));
}

/** A page or a start route, as a browser loads it; not the health checks, not a form post. */
function isPageRequest(request: NextRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && !request.nextUrl.pathname.startsWith('/api/');
}

/** The path as the browser sent it: Next gives the proxy the path below the base path. */
function fullPath(request: NextRequest): string {
  return `${request.nextUrl.basePath}${request.nextUrl.pathname === '/' ? '' : request.nextUrl.pathname}`;
}

export const config = {
  // The bare base path needs its own entry: Next does not match `/login` against the pattern.
  // Otherwise everything but build assets, dictionaries, logo and icon: files that get their
  // headers from next.config.mjs (keep the two lists in step).
  matcher: ['/', '/((?!_next/|locale/|logo\\.svg$|icon\\.svg$).*)'],
};
