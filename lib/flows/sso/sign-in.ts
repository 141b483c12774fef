import { createHash, randomBytes } from 'node:crypto';
import type { NextRequest } from 'next/server';
import { z } from 'zod';
import { BASE_PATH, loginPagePath } from '@/lib/vocabulary/base-path';
import { ssoLogin } from '@/lib/platform/backend/auth';
import type { LoginPageError } from '@/lib/platform/backend/error-catalogue';
import { getConfig } from '@/lib/platform/settings/config';
import { clearCookie, mintDeviceId, writeSharedJwt } from '@/lib/platform/cookies';
import { handOffToOrganisation } from '@/lib/flows/hand-off';
import { webOrigin, type RequestHost } from '@/lib/platform/hosts';
import { isLanguage, type Language } from '@/lib/platform/i18n/routing';
import { languageOfBrowser } from '@/lib/platform/pages/language-routing';
import { errorKind, requestLogger } from '@/lib/platform/observability/logger';
import { countSignInFailure, countSignInStep, countTampering, failureReasonOf, type SignInFailureReason } from '@/lib/platform/observability/metrics';
import { requestContext } from '@/lib/platform/request/context';
import { countSignInStepOnce, observeSignInDurationOnce } from '@/lib/platform/sign-in-funnel';
import { isMobileRequest } from '@/lib/platform/request/user-agent';
import { DiscoveryIssuerMismatch, ProviderUnreachable } from './providers/discovery';
import type { AppRedirect } from './app-code';
import { accountOf, appHandOffLocation } from './app-hand-off';
import { appStartRefusal } from './app-start';
import { appRedirectOf, readSsoFlow, writeSsoFlow, writeSsoOrganisations, type SsoFlowState } from './flow-state';
import { IdTokenRejected, verifyIdToken } from './providers/id-token';
import { providerErrorMessage, providerErrorName } from './provider-errors';
import { decideSsoOutcome } from './outcome';
import { authorizationUrl, exchangeCode, identityRefusal, providerClient, ProviderNotConfigured } from './providers/provider-sign-in';
import { providerById, type ProviderId } from '../../vocabulary/providers';

/** A redirect; in-app paths stay relative so the browser keeps the host it used. */
function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });
}

function toLogin(language: Language, error: LoginPageError): Response {
  return seeOther(`${loginPagePath(language)}?error=${error}`);
}

function providerProblem(error: unknown): LoginPageError {
  if (error instanceof ProviderNotConfigured) return 'provider-not-configured';
  if (error instanceof DiscoveryIssuerMismatch) return 'provider-failed';
  return error instanceof ProviderUnreachable ? 'provider-unavailable' : 'unknown';
}

function failureReasonOfProblem(problem: LoginPageError): SignInFailureReason {
  if (problem === 'provider-unavailable') return 'provider_unavailable';
  return problem === 'provider-failed' ? 'provider_error' : 'other';
}

function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

const startQuery = z.object({
  app: z.string().max(200).optional(),
  redirect_uri: z.string().max(2048).optional(),
  token_type: z.string().max(32).optional(),
  lang: z.string().optional(),
  login_hint: z.string().max(320).optional(),
  // RFC 7636: an app that sends a challenge receives a one-time code instead of the token (lib/flows/sso/app-start.ts).
  code_challenge: z.string().max(200).optional(),
  code_challenge_method: z.string().max(32).optional(),
});

/** `/start-<provider>`: PKCE, state and nonce in a sealed cookie, then the provider. */
/** A provider's start route, `/start-<provider>` (app/sso/[provider]/start). */
export async function startSignIn(provider: ProviderId, request: NextRequest): Promise<Response> {
  const log = (await requestLogger()).child({ provider });
  const parsed = startQuery.safeParse(Object.fromEntries(request.nextUrl.searchParams));
  const requested = parsed.success ? parsed.data.lang : undefined;
  const language = isLanguage(requested) ? requested : languageOfBrowser(request.headers);
  if (!parsed.success) {
    // The names of the parameters only: their values are the client's.
    log.info({ outcome: 'invalid-query', parameters: [...new Set(parsed.error.issues.map((issue) => String(issue.path[0])))] }, 'sso start');
    countSignInFailure(provider, 'other');
    return toLogin(language, 'unknown');
  }

  const query = parsed.data;
  const { ssoRedirectAllowlist, ssoRequireCodeChallenge } = getConfig();
  const refusal = appStartRefusal(
    { redirectUri: query.redirect_uri || undefined, codeChallenge: query.code_challenge, codeChallengeMethod: query.code_challenge_method },
    { allowlist: ssoRedirectAllowlist, requireCodeChallenge: ssoRequireCodeChallenge },
  );
  if (refusal) {
    log.info({ outcome: refusal }, 'sso start');
    countSignInFailure(provider, 'other');
    return toLogin(language, refusal);
  }

  const { host, cookies } = await requestContext();
  // The return address registered with the providers lives on web.<domain> (docs/decisions.md, Single sign-on).
  const redirectUri = `${webOrigin(host)}${BASE_PATH}/${providerById(provider).routeSegment}`;
  const state = randomToken();
  const nonce = randomToken();
  const codeVerifier = randomToken();
  const codeChallenge = createHash('sha256').update(codeVerifier).digest('base64url');

  let location: string;
  try {
    location = await authorizationUrl(provider, { redirectUri, state, nonce, codeChallenge, loginHint: query.login_hint });
  } catch (error) {
    const problem = providerProblem(error);
    log.info({ outcome: problem, ...errorKind(error) }, 'sso start');
    countSignInFailure(provider, failureReasonOfProblem(problem));
    return toLogin(language, problem);
  }
  await writeSsoFlow(cookies, host, {
    provider,
    state,
    nonce,
    codeVerifier,
    redirectUri,
    language,
    tokenType: query.token_type,
    appRedirectUri: query.redirect_uri,
    appCodeChallenge: query.redirect_uri ? query.code_challenge : undefined,
    deviceId: mintDeviceId(),
    startedAt: Date.now(),
  });
  log.info(
    { outcome: 'to-provider', tokenType: query.token_type === 'jwt' ? 'jwt' : 'default', appRedirect: Boolean(query.redirect_uri), appCode: Boolean(query.code_challenge) },
    'sso start',
  );
  countSignInStep(provider, 'started');
  return seeOther(location);
}

/** Hands one organisation's sign-in to the web app, or to the mobile app that asked for it. */
export async function handOffOrganisation(
  signIn: { subDomain: string; token: string; appRedirect?: AppRedirect; account?: string; provider: ProviderId; language: Language; deviceId: string; startedAt?: number },
  context: { host: RequestHost; cookies: Awaited<ReturnType<typeof requestContext>>['cookies'] },
  mobile: boolean,
): Promise<string> {
  const { host, cookies } = context;
  if (signIn.appRedirect) {
    // The app's sign-in is handed to it here; a web sign-in is counted where its cookies are written.
    await countSignInStepOnce(signIn.provider, 'handed_off', signIn.deviceId);
    if (signIn.startedAt !== undefined) await observeSignInDurationOnce('app', signIn.deviceId, signIn.startedAt);
    const { appRedirect: app, provider, language, account } = signIn;
    // On a phone a page first says what is happening, even before an app's claimed address.
    return appHandOffLocation({ app, signIn: { token: signIn.token, subDomain: signIn.subDomain }, provider, language, account, pageFirst: mobile }, context);
  }
  return handOffToOrganisation(cookies, host, {
    subDomain: signIn.subDomain,
    authToken: signIn.token,
    deviceId: signIn.deviceId,
    method: signIn.provider,
    attempt: signIn.deviceId,
    ...(signIn.startedAt === undefined ? {} : { timed: { method: signIn.provider, startedAt: signIn.startedAt } }),
  });
}

/** `/<provider>`: the provider's return. Nothing reaches ssoLogin unless every check holds. */
/** A provider's return address, `/<provider>` (app/sso/[provider]/return). */
export async function completeSignIn(provider: ProviderId, request: NextRequest): Promise<Response> {
  const log = (await requestLogger()).child({ provider });
  const context = await requestContext();
  const { host, received, cookies } = context;
  // Only a flow this browser started on this host: a sibling host cannot plant a __Host- cookie.
  const flow = await readSsoFlow(received);
  clearCookie(cookies, 'ssoFlow', host);
  const params = request.nextUrl.searchParams;

  if (!flow || flow.provider !== provider || !isLanguage(flow.language)) {
    log.info({ outcome: 'no-flow' }, 'sso return');
    countSignInFailure(provider, 'no_flow');
    return toLogin(languageOfBrowser(request.headers), 'sso-start-again');
  }
  const language = flow.language;
  if (!params.get('state') || params.get('state') !== flow.state) {
    log.info({ outcome: 'state-mismatch' }, 'sso return');
    countSignInFailure(provider, 'state_mismatch');
    countTampering('state_mismatch');
    return toLogin(language, 'unknown');
  }
  const providerError = params.get('error');
  if (providerError) {
    // A query value anyone can write: only names we know are logged, error_description never.
    log.info({ outcome: 'provider-error', providerError: providerErrorName(providerError) }, 'sso return');
    countSignInFailure(provider, providerErrorMessage(providerError) === 'user-close' ? 'cancelled' : 'provider_error');
    return toLogin(language, providerErrorMessage(providerError));
  }
  const code = params.get('code');
  if (!code) {
    log.info({ outcome: 'no-code' }, 'sso return');
    countSignInFailure(provider, 'provider_error');
    return toLogin(language, 'unknown');
  }

  let idToken: string;
  try {
    idToken = await exchangeCode(provider, { code, codeVerifier: flow.codeVerifier, redirectUri: flow.redirectUri, state: flow.state, nonce: flow.nonce });
  } catch (error) {
    log.info({ outcome: 'code-exchange-failed', ...errorKind(error) }, 'sso return');
    countSignInFailure(provider, failureReasonOfProblem(providerProblem(error)));
    return toLogin(language, providerProblem(error));
  }
  let account: string | undefined;
  try {
    const { discovery, clientId } = await providerClient(provider);
    const { ssoIdentity } = getConfig();
    const claims = await verifyIdToken(idToken, { discovery, clientId, nonce: flow.nonce, clockSkewSeconds: ssoIdentity.clockSkewSeconds, provider });
    const refusal = identityRefusal(provider, claims, ssoIdentity);
    if (refusal) {
      log.info({ outcome: 'identity-refused', refusal }, 'sso return');
      countSignInFailure(provider, 'identity_refused');
      return toLogin(language, refusal);
    }
    account = accountOf(claims);
  } catch (error) {
    log.info({ outcome: 'id-token-rejected', ...errorKind(error) }, 'sso return');
    countSignInFailure(provider, error instanceof ProviderUnreachable || (error instanceof IdTokenRejected && error.code === 'ERR_JWKS_TIMEOUT') ? 'provider_unavailable' : 'token_refused');
    return toLogin(language, providerProblem(error));
  }

  const result = await ssoLogin({
    source: providerById(provider).source,
    idToken,
    deviceId: flow.deviceId,
    longLived: flow.tokenType === 'jwt',
  });
  if (!result.ok) countSignInFailure(provider, failureReasonOf(result.failure));
  const outcome = decideSsoOutcome(result, flow.tokenType);
  log.info(
    {
      outcome: outcome.kind,
      ...(outcome.kind === 'login-error' ? { error: outcome.error } : {}),
      ...(outcome.kind === 'picker' ? { organisations: outcome.organisations.length } : {}),
    },
    'sso return',
  );
  return seeOther(await followOutcome(provider, { ...flow, account }, outcome, context, isMobileRequest(request.headers)));
}

async function followOutcome(
  provider: ProviderId,
  flow: Pick<SsoFlowState, 'language' | 'appRedirectUri' | 'appCodeChallenge' | 'deviceId' | 'startedAt'> & { account: string | undefined },
  outcome: ReturnType<typeof decideSsoOutcome>,
  context: { host: RequestHost; cookies: Awaited<ReturnType<typeof requestContext>>['cookies'] },
  mobile: boolean,
): Promise<string> {
  const language = flow.language as Language;
  const app = appRedirectOf(flow);
  switch (outcome.kind) {
    case 'login-error':
      return `${loginPagePath(language)}?error=${outcome.error}`;
    case 'error-page':
      return `${loginPagePath(language)}/${outcome.page}`;
    case 'control-centre-error':
      return outcome.path;
    case 'control-centre':
      await countSignInStepOnce(provider, 'handed_off', flow.deviceId);
      if (flow.startedAt !== undefined) await observeSignInDurationOnce(app ? 'app' : provider, flow.deviceId, flow.startedAt);
      if (!app) {
        writeSharedJwt(context.cookies, context.host, outcome.token);
        return outcome.path;
      }
      return appHandOffLocation({ app, signIn: { token: outcome.token }, provider, language, account: flow.account, pageFirst: false, controlCentre: true }, context);
    case 'organisation':
      return handOffOrganisation({ ...outcome, appRedirect: app, account: flow.account, provider, language, deviceId: flow.deviceId, startedAt: flow.startedAt }, context, mobile);
    case 'picker':
      await writeSsoOrganisations(context.cookies, context.host, {
        provider,
        organisations: outcome.organisations,
        appRedirectUri: flow.appRedirectUri,
        appCodeChallenge: flow.appCodeChallenge,
        ...(flow.account ? { account: flow.account } : {}),
        deviceId: flow.deviceId,
        ...(flow.startedAt === undefined ? {} : { startedAt: flow.startedAt }),
      });
      await countSignInStepOnce(provider, 'picker_shown', flow.deviceId);
      return `${loginPagePath(language)}/${providerById(provider).routeSegment}/organisations`;
  }
}
