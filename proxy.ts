import { NextResponse, type NextRequest } from 'next/server';
import { arrive, isArrival } from '@/lib/flows/arrival-proxy';
import type { Arrival } from '@/lib/flows/arrival';
import { BASE_PATH, TEMPLATE_FOLDER } from '@/lib/vocabulary/base-path';
import { clearCookie, clearingsOfTamperedCookies, parseCookieHeader, readCookie, tamperedCookieNames, writePlainCookie, type ReceivedCookies } from '@/lib/platform/cookies';
import { countTampering } from '@/lib/platform/observability/metrics';
import { isLanguage, type Language } from '@/lib/platform/i18n/routing';
import { languageOfLinkRequest } from '@/lib/flows/email-sign-in/link-requests';
import { providers, providerOfRouteSegment } from '@/lib/vocabulary/providers';
import { forgetThisBrowser } from '@/lib/flows/hand-off';
import { configuredProviders, getConfig } from '@/lib/platform/settings/config';
import { FORM_POST_MAX_BYTES } from '@/lib/platform/pages/form-post-limit';
import { describeError, logFailure, logger, requestFields } from '@/lib/platform/observability/logger';
import { resolveRequestHost, webOrigin, type RequestHost } from '@/lib/platform/hosts';
import { inlineStyleHashes } from '@/lib/platform/pages/inline-style-hashes';
import { keptQuery, LANGUAGE_CHOICE_PARAMETER, VIEW_QUERY_HEADER, languageChoice, readChosenLanguage, routeLanguage } from '@/lib/platform/pages/language-routing';
import { REQUEST_ID_HEADER, requestIdFrom } from '@/lib/platform/observability/request-id';
import { LOGIN_PAGE_VARIANT_HEADER } from '@/lib/platform/pages/login-page-rewrite';
import { isPrerenderedLoginPath, loginPageLoad, prerenderedLogin, type LoginPageRequest } from '@/lib/platform/pages/login-page-variant';
import { loginMessageFromTemplate } from '@/lib/platform/pages/login-message-template';
import { readPrerenderedPages, type PrerenderedPages } from '@/lib/platform/pages/prerendered-pages';
import { createNonce, pageContentSecurityPolicy, pageContentSecurityPolicyWithNonce, STATIC_SECURITY_HEADERS } from '@/lib/platform/pages/security-headers';
import type { FilledPage } from '@/lib/platform/pages/screen-templates';
import { mailSentFromTemplate } from '@/lib/flows/email-sign-in/mail-sent-template';
import { signUpFromTemplate } from '@/lib/flows/email-sign-in/sign-up-template';
import { pickerFromTemplate } from '@/lib/flows/sso/picker-template';
import { bookingLinkFromTemplate } from '@/lib/flows/booking-link-template';
import { invitationFromTemplate } from '@/lib/flows/invitation-template';
import { linkPageFromTemplate } from '@/lib/flows/email-sign-in/link-page-template';
import { oneTimeCodeFromTemplate } from '@/lib/platform/pages/one-time-code-template';

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
  const received = parseCookieHeader(request.headers.get('cookie'));
  const { response, contentSecurityPolicy } = await route(request, host, received, requestId);
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

type PagePolicies = {
  withNonce: (nonce: string) => string;
  withHashes: (page: string, inlineHashes: readonly string[]) => string;
  /** A page filled from a template: its hashes change with what it was filled with, so its policy is not kept. */
  withFilledHashes: (inlineHashes: readonly string[]) => string;
};

// The policy differs only by the form targets' protocol and port (settings are fixed) and, for a
// prerendered page, by its scripts: built once for each. A client picks the Host header, so the
// cache is bounded.
const policiesOfHosts = new Map<string, PagePolicies>();
let inlineStyles: string[] | undefined;
let prerendered: PrerenderedPages | undefined;

function policiesOfHost(host: RequestHost): PagePolicies {
  const key = `${host.protocol}:${host.port}`;
  let policies = policiesOfHosts.get(key);
  if (!policies) {
    const config = getConfig();
    const development = process.env.NODE_ENV === 'development';
    const targets = { protocol: host.protocol, appDomains: config.appDomains, port: host.port, redirectAllowlist: config.ssoRedirectAllowlist };
    const styles = development ? [] : (inlineStyles ??= inlineStyleHashes());
    const buildAssets = `${webOrigin(host)}${BASE_PATH}/_next/static/`;
    const ofPages = new Map<string, string>();
    policies = {
      withNonce: pageContentSecurityPolicyWithNonce(targets, development, styles),
      withHashes: (page, inlineHashes) => {
        let policy = ofPages.get(page);
        if (!policy) {
          policy = pageContentSecurityPolicy({ inlineHashes, buildAssets }, targets, development, styles);
          ofPages.set(page, policy);
        }
        return policy;
      },
      withFilledHashes: (inlineHashes) => pageContentSecurityPolicy({ inlineHashes, buildAssets }, targets, development, styles),
    };
    if (policiesOfHosts.size >= 16) policiesOfHosts.clear();
    policiesOfHosts.set(key, policies);
  }
  return policies;
}

/**
 * The policy of the page this request is answered with: by hashes when Next sends a prerendered
 * page's own HTML (a load, not a form post, which Next renders afresh); by a new nonce otherwise,
 * which Next then puts on every script of the page it renders. A prerendered document also gets
 * its ETag, taken once from its bytes (next.config.mjs leaves Next's hash of every answer off).
 */
function pagePolicy(request: NextRequest, host: RequestHost, servedPath: string): { policy: string; nonce?: string; etag?: string } {
  const policies = policiesOfHost(host);
  const isLoad = (request.method === 'GET' || request.method === 'HEAD') && !request.headers.has('next-action');
  // Only `next build` prerenders. `next dev` renders every page per request from its own folder
  // (.next/dev), while .next may still hold a production build whose hashes would refuse its scripts.
  const fromBuild = isLoad && process.env.NODE_ENV === 'production';
  const page = fromBuild ? (prerendered ??= readPrerenderedPages()).get(servedPath) : undefined;
  if (page) return { policy: policies.withHashes(servedPath, page.inlineHashes), etag: request.headers.has('rsc') ? undefined : page.etag };
  const nonce = createNonce();
  return { policy: policies.withNonce(nonce), nonce };
}

/** Whether the browser's copy is this one (If-None-Match compares weakly, RFC 9110 13.1.2). */
function holdsCopy(ifNoneMatch: string | null, etag: string): boolean {
  if (ifNoneMatch === null) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

async function route(
  request: NextRequest,
  host: RequestHost,
  received: ReceivedCookies,
  requestId: string,
): Promise<{ response: NextResponse; contentSecurityPolicy: string }> {
  const answered = (response: NextResponse) => ({ response, contentSecurityPolicy: policiesOfHost(host).withNonce(createNonce()) });

  // Next refuses each of these as well, but with a 500 or its own plain text, an error line and
  // its stack: someone else's client at work is no fault of the app (issues 41 and 48).
  if (isPostWithoutLength(request)) {
    logger().warn({ ...requestFields(requestId), transferEncoding: request.headers.get('transfer-encoding')?.slice(0, 40) ?? null, path: fullPath(request) }, 'post without its length refused');
    return answered(refusal(411, 'This request did not say its length and was not accepted.'));
  }
  if (isOversizedPost(request)) {
    logger().warn({ ...requestFields(requestId), contentLength: request.headers.get('content-length'), path: fullPath(request) }, 'form post over the size limit refused');
    return answered(refusal(413, 'This form was too large and was not accepted.'));
  }
  const foreignOrigin = foreignOriginOfPost(request);
  if (foreignOrigin !== undefined) {
    logger().warn({ ...requestFields(requestId), origin: foreignOrigin.slice(0, 100), path: fullPath(request) }, 'form post from another origin refused');
    return answered(refusal(403, 'This form was sent from another site and was not accepted.'));
  }
  const unreadable = await unreadableFormPost(request);
  if (unreadable !== undefined) {
    logger().warn({ ...requestFields(requestId), reason: unreadable, path: fullPath(request) }, 'form post that cannot be read refused');
    return answered(refusal(400, 'This form could not be read and was not accepted.'));
  }

  // Sign-in state lives in host-only cookies of web.<domain>: every page and start of a flow is
  // served there, so that what one step writes, the next one reads (docs/decisions.md, For safety).
  if (isPageRequest(request) && host.hostname !== `web.${host.domain}`) {
    return answered(NextResponse.redirect(`${webOrigin(host)}${fullPath(request)}${request.nextUrl.search}`, 308));
  }

  // A language link: the same view in the language chosen, which this browser remembers.
  const { pathname } = request.nextUrl;
  const chosen = isBrowserLoad(request) ? languageChoice(pathname, request.nextUrl.searchParams) : undefined;
  if (chosen) {
    const target = request.nextUrl.clone();
    target.pathname = chosen.pathname;
    target.search = chosen.search;
    const redirect = NextResponse.redirect(target, 303);
    redirect.headers.set('Cache-Control', PAGE_CACHE_CONTROL);
    return answered(withLanguageChosen(redirect, request, host, received));
  }

  // A returning user goes straight to the organisation: one request, no page.
  const arrival = isArrival(request) ? await arrive(request, received, requestId) : undefined;
  if (arrival?.response) return answered(arrival.response);

  const route = isPrerenderedLoginPath(pathname) || isTemplatePath(pathname)
    ? ({ action: 'redirect', pathname: `/${pathname.split('/')[1]}` } as const)
    : routeLanguage(pathname, request.headers.get('accept-language'), await languageBeforeTheBrowsers(request, received));
  if (route.action === 'redirect') {
    const target = request.nextUrl.clone();
    target.pathname = route.pathname;
    const redirect = NextResponse.redirect(target, 307);
    if (!isPrerenderedLoginPath(pathname) && !isTemplatePath(pathname)) {
      // The language is this browser's (its choice, else Accept-Language), and arrival had its say
      // first (cookies): no cache may hand one browser's redirect to another (issue 48).
      redirect.headers.set('Vary', 'Accept-Language, Cookie');
      redirect.headers.set('Cache-Control', PAGE_CACHE_CONTROL);
    }
    return answered(withArrivalCookies(redirect, request, host, received, arrival?.arrival));
  }

  const loginRequest = { method: request.method, offered: configuredProviders(getConfig()), pathname, query: request.nextUrl.searchParams, received };
  const fromTemplate = (await screenFromTemplate(request, received, host)) ?? loginWithMessage(request, loginRequest);
  if (fromTemplate) return filledPageAnswer(request, host, received, fromTemplate, arrival?.arrival);

  const login = prerenderedLogin(loginRequest);
  const { policy, nonce, etag } = pagePolicy(request, host, login?.path ?? pathname);
  if (etag && holdsCopy(request.headers.get('if-none-match'), etag)) {
    const notModified = new NextResponse(null, { status: 304, headers: { etag, 'cache-control': PAGE_CACHE_CONTROL } });
    return { response: withArrivalCookies(notModified, request, host, received, arrival?.arrival), contentSecurityPolicy: policy };
  }
  // Next takes the nonce from the policy and puts it on every script of a page it renders.
  const forwarded = new Headers(request.headers);
  if (nonce) forwarded.set('content-security-policy', policy);
  forwarded.set(REQUEST_ID_HEADER, requestId);
  // Every address is built from Host (lib/platform/hosts.ts); Next would also let this header vouch for a
  // form post's Origin, whoever wrote it.
  forwarded.delete('x-forwarded-host');
  // Only the proxy names the variant; next.config.mjs rewrites to it.
  forwarded.delete(LOGIN_PAGE_VARIANT_HEADER);
  if (login) forwarded.set(LOGIN_PAGE_VARIANT_HEADER, login.variant);
  // Only the proxy names what a view of its query keeps: to its language links and its actions.
  forwarded.delete(VIEW_QUERY_HEADER);
  const kept = keptQuery(pathname, request.nextUrl.searchParams);
  if (kept) forwarded.set(VIEW_QUERY_HEADER, kept);
  const response = NextResponse.next({ request: { headers: forwarded } });
  if (isPageRequest(request)) response.headers.set('Cache-Control', holdsOneTimeCode(pathname) ? 'no-store' : PAGE_CACHE_CONTROL);
  if (etag) response.headers.set('ETag', etag);
  return { response: withLanguageChosen(withArrivalCookies(response, request, host, received, arrival?.arrival), request, host, received), contentSecurityPolicy: policy };
}

/**
 * The screens a browser's load gets filled from a template, by the screen's path below its language
 * (docs/decisions.md, Screens from templates): each filler reads its flow's state and answers
 * undefined where the page is to be rendered per request instead (no state, one the template cannot carry).
 */
const SCREENS_FROM_TEMPLATES: Readonly<Record<string, (language: Language, request: { received: ReceivedCookies; headers: Headers; query: URLSearchParams }) => Promise<FilledPage | undefined> | FilledPage | undefined>> = {
  'mail-sent': (language, { received }) => mailSentFromTemplate(language, received),
  signup: (language, { received }) => signUpFromTemplate(language, received),
  totp: (language, { headers }) => oneTimeCodeFromTemplate(language, headers),
  'bookings-extend': (language, request) => bookingLinkFromTemplate(language, request.query, request),
  'invite-user': (language, { query }) => invitationFromTemplate(language, query),
  validatelink: (language, { query, received }) => linkPageFromTemplate(language, query, received),
};

async function screenFromTemplate(request: NextRequest, received: ReceivedCookies, host: RequestHost): Promise<FilledPage | undefined> {
  // Only `next build` prerenders the templates (as pagePolicy says of the login page).
  if (!isDocumentLoad(request) || process.env.NODE_ENV !== 'production') return undefined;
  const [language, ...screen] = request.nextUrl.pathname.split('/').filter(Boolean);
  if (!isLanguage(language)) return undefined;
  // The organisation picker, `/{lang}/<provider>/organisations`.
  if (screen.length === 2 && screen[1] === 'organisations' && providerOfRouteSegment(screen[0]!)) return await pickerFromTemplate(language, screen[0]!, received, host);
  const fill = screen.length === 1 ? SCREENS_FROM_TEMPLATES[screen[0]!] : undefined;
  return fill ? await fill(language, { received, headers: request.headers, query: request.nextUrl.searchParams }) : undefined;
}

/** A load of the login page with an `?error=` message, filled from its template (lib/platform/pages/login-message-template.ts). */
function loginWithMessage(request: NextRequest, login: LoginPageRequest): FilledPage | undefined {
  // Two `error`s read as none on the page rendered per request (a list is no message): left to it.
  const errors = login.query.getAll('error');
  if (!isDocumentLoad(request) || process.env.NODE_ENV !== 'production' || errors.length !== 1) return undefined;
  const load = loginPageLoad(login);
  return load && loginMessageFromTemplate(load.language, load.variant, errors[0]!);
}

/** A page filled from a template, with the policy of its own scripts, its ETag and the headers Next gives a page. */
function filledPageAnswer(request: NextRequest, host: RequestHost, received: ReceivedCookies, filled: FilledPage, arrival: Arrival | undefined) {
  const contentSecurityPolicy = policiesOfHost(host).withFilledHashes(filled.inlineHashes);
  const headers = { etag: filled.etag, 'cache-control': PAGE_CACHE_CONTROL, vary: NEXT_PAGE_VARY };
  const response = holdsCopy(request.headers.get('if-none-match'), filled.etag)
    ? new NextResponse(null, { status: 304, headers })
    : new NextResponse(request.method === 'HEAD' ? null : filled.html, { status: 200, headers: { ...headers, 'content-type': 'text/html; charset=utf-8' } });
  return { response: withLanguageChosen(withArrivalCookies(response, request, host, received, arrival), request, host, received), contentSecurityPolicy };
}

/** What Next varies a page on: the same answer for a load, another for its router's requests. */
const NEXT_PAGE_VARY = 'rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch';

/**
 * A browser loading a document, which asks for HTML. Next takes its router's headers (`RSC`,
 * `Next-Router-Prefetch`…) and `_rsc` from a request before proxy.ts sees it (next/dist/server/web/adapter.js),
 * so only Accept tells a load from its router's fetches (and its actions'), which would get the page's
 * Flight payload: they accept anything, or `text/x-component`, never HTML by name.
 */
function isDocumentLoad(request: NextRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && (request.headers.get('accept') ?? '').includes('text/html');
}

/** A template's own path, which is no address of ours. */
function isTemplatePath(pathname: string): boolean {
  const [language, segment] = pathname.split('/').filter(Boolean);
  return isLanguage(language ?? '') && segment === TEMPLATE_FOLDER;
}

/**
 * The language a browser is sent to before its Accept-Language: the one it chose, else, for an
 * opened sign-in link, the one the link was asked for in (the person may open it in another
 * browser of theirs, which never made that choice).
 */
async function languageBeforeTheBrowsers(request: NextRequest, received: ReceivedCookies): Promise<Language | undefined> {
  const chosen = readChosenLanguage(received);
  if (chosen) return chosen;
  const { pathname, searchParams } = request.nextUrl;
  if (pathname !== '/validatelink' || !isBrowserLoad(request)) return undefined;
  const uuid = searchParams.get('uuid');
  return uuid ? await languageOfLinkRequest(uuid) : undefined;
}

/** Remembers a language chosen with a language link, unless this browser holds that choice already. */
function withLanguageChosen(response: NextResponse, request: NextRequest, host: RequestHost, received: ReceivedCookies): NextResponse {
  const language = request.nextUrl.searchParams.get(LANGUAGE_CHOICE_PARAMETER);
  if (isBrowserLoad(request) && isLanguage(language) && readChosenLanguage(received) !== language) writePlainCookie(response.cookies, 'chosenLanguage', host, language);
  return response;
}

/** A browser loading an address: not a form post, not the prefetch or navigation of Next's router. */
function isBrowserLoad(request: NextRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && !request.headers.has('next-router-prefetch') && !request.headers.has('rsc');
}

function refusal(status: number, text: string): NextResponse {
  return new NextResponse(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
}

/**
 * A post that does not declare its length (a chunked one), to a page or a route: browsers declare
 * it for every form and fetch, and nginx sends it for whatever it forwards (it reads the whole
 * post first), so only a client talking straight to an instance leaves it out. Next would read
 * such a post up to its limit and then answer 500 with a stack; a route would read it whole.
 * 411 is HTTP's own word for it (RFC 9110 15.5.12): the client may send it again with its length.
 */
function isPostWithoutLength(request: NextRequest): boolean {
  return request.method === 'POST' && request.headers.get('content-length') === null;
}

/** Next's server action ids: 42 hexadecimal digits (next/dist/shared/lib/server-reference-info.js). */
const SERVER_ACTION_ID = /^[0-9a-f]{42}$/i;

/**
 * Why Next could not read a post to a page, if it could not: an action id of another shape (Next:
 * 400 and its plain text, an error line), an action's arguments that are no JSON, or a form that
 * is not one (Next: 500, an error line and its stack). Answered 400: the request itself is at
 * fault, and sending it again changes nothing. Only the shape is looked at: what the fields say
 * is each action's to judge. The post is at most FORM_POST_MAX_BYTES by now, and read from Next's
 * copy, so the action still gets it whole.
 */
async function unreadableFormPost(request: NextRequest): Promise<'action-id' | 'body' | undefined> {
  if (request.method !== 'POST' || request.nextUrl.pathname.startsWith('/api/')) return undefined;
  const action = request.headers.get('next-action');
  if (action !== null && !SERVER_ACTION_ID.test(action)) return 'action-id';
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  try {
    if (type.startsWith('multipart/form-data')) await request.clone().formData();
    else if (action !== null && type.startsWith('text/plain')) JSON.parse(await request.clone().text());
    return undefined;
  } catch {
    return 'body';
  }
}

/** A post to a page (a server action) that says it is larger than any real form: Next would refuse it with a 500. */
function isOversizedPost(request: NextRequest): boolean {
  if (request.method !== 'POST' || request.nextUrl.pathname.startsWith('/api/')) return false;
  return Number(request.headers.get('content-length') ?? 0) > FORM_POST_MAX_BYTES;
}

/**
 * The Origin of a post to a page (a server action) that does not name the Host it was sent to,
 * as Next compares them (proxy.ts drops `X-Forwarded-Host` before Next sees it); nothing for a
 * post without Origin, which Next lets through too, and for `/api/`, whose callers are apps.
 */
function foreignOriginOfPost(request: NextRequest): string | undefined {
  if (request.method !== 'POST' || request.nextUrl.pathname.startsWith('/api/')) return undefined;
  const origin = request.headers.get('origin');
  if (origin === null) return undefined;
  const originHost = origin === 'null' || !URL.canParse(origin) ? undefined : new URL(origin).host;
  return originHost !== undefined && originHost === request.headers.get('host') ? undefined : origin;
}

/**
 * Nothing in front of the app may answer for a page, prerendered or not (Next marks those
 * `s-maxage` for a year): a returning browser must reach proxy.ts, which sends it on to its
 * organisation, and a policy names the host it was sent for (docs/decisions.md).
 */
const PAGE_CACHE_CONTROL = 'private, no-cache';

/** The open-the-app pages: they name the signed-in account beside a waiting sign-in, which not even the browser may keep. */
const ONE_TIME_CODE_PAGES = new Set(providers.map((provider) => `${provider.routeSegment}/open-app`));

function holdsOneTimeCode(pathname: string): boolean {
  const [language, ...rest] = pathname.split('/').filter(Boolean);
  return isLanguage(language) && ONE_TIME_CODE_PAGES.has(rest.join('/'));
}

function withArrivalCookies(response: NextResponse, request: NextRequest, host: RequestHost, received: ReceivedCookies, arrival: Arrival | undefined): NextResponse {
  if (arrival?.kind === 'show-login' && arrival.forgetBrowser) forgetThisBrowser(response.cookies, host);
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
