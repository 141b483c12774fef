import { providers, type ProviderId } from '@/lib/vocabulary/providers';

/** The error codes the backend is known to answer (docs/product.md, Messages); any other code is "unknown". */
export const knownErrorCodes = [
  'INVALID_EMAIL',
  'NOT_FOUND',
  'NOT_SUPPORTED',
  'SUSPICIOUS_ACTIVITY',
  'DEMO_EXPIRED',
  'USER_COUNT_EXCEEDED',
  'ORG_NOT_FOUND',
  'NO_ADMIN_ACCESS',
  'MFA_ENABLED_NOT_CONFIRMED',
  'TOTP_ENABLED_SO_NOT_SUPPORTED',
] as const;

export type ErrorCode = (typeof knownErrorCodes)[number];
/**
 * What went wrong with a backend call (docs/decisions.md, The backend): a code from the catalogue,
 * anything else the backend said ("unknown"), or no usable answer at all ("unavailable").
 */
export type BackendFailure =
  /** `retryAfterMs`: how long the backend asked to wait (its `Retry-After`), when it said. */
  | { kind: 'code'; code: ErrorCode; status: number; retryAfterMs?: number }
  | { kind: 'unknown'; status?: number }
  | { kind: 'unavailable' };


/** Keys of the `errors` messages that a failed call can show. */
export type ErrorMessageKey =
  | 'invalidEmail'
  | 'userNotFound'
  | 'somethingWrong'
  | 'serviceUnavailable'
  | 'nameRejected'
  | 'ssoUserNotFound'
  | 'mfaNotEnabled'
  | 'userClose'
  | 'linkExpired'
  | 'linkCodeAttempts'
  | 'linkDeclined'
  | 'signUpExpired'
  | 'providerNotConfigured'
  | 'redirectNotAllowed'
  | 'ssoStartAgain'
  | 'providerUnavailable'
  | 'providerFailed'
  | 'providerRefused'
  | 'ssoConsentRequired'
  | 'ssoInteractionRequired'
  | 'ssoLoginRequired'
  | 'ssoEmailNotVerified'
  | 'ssoOrganisationNotAllowed'
  | 'codeChallengeRequired'
  | 'codeChallengeMalformed'
  | 'codeChallengeMethodNotS256';

/** The only errors a link confirmation shows: whatever else the backend says, the link is invalid. */
export const linkConfirmationErrors = ['serviceUnavailable', 'somethingWrong'] as const satisfies readonly ErrorMessageKey[];
export type LinkConfirmationError = (typeof linkConfirmationErrors)[number];

/** What the person sees after verifyUser fails. */
export type VerifyUserOutcome =
  | { show: 'message'; message: ErrorMessageKey }
  | { show: 'oneTimeCodePage' }
  | { show: 'rateLimitView'; retryAfterMs?: number }
  | { show: 'trialExpiredView' };

export function verifyUserOutcome(failure: BackendFailure): VerifyUserOutcome {
  if (failure.kind === 'unavailable') return { show: 'message', message: 'serviceUnavailable' };
  if (failure.kind === 'unknown') return { show: 'message', message: 'somethingWrong' };
  switch (failure.code) {
    case 'INVALID_EMAIL':
      return { show: 'message', message: 'invalidEmail' };
    case 'NOT_FOUND':
      return { show: 'message', message: 'userNotFound' };
    case 'NOT_SUPPORTED':
      return { show: 'oneTimeCodePage' };
    case 'SUSPICIOUS_ACTIVITY':
      return failure.retryAfterMs === undefined ? { show: 'rateLimitView' } : { show: 'rateLimitView', retryAfterMs: failure.retryAfterMs };
    case 'DEMO_EXPIRED':
      return { show: 'trialExpiredView' };
    default:
      return { show: 'message', message: 'somethingWrong' };
  }
}

/** What the person sees after createUser or addUser fails. */
export type AccountCreationOutcome = { show: 'userLimitPage' } | { show: 'message'; message: ErrorMessageKey };

export function accountCreationOutcome(failure: BackendFailure): AccountCreationOutcome {
  if (failure.kind === 'code' && failure.code === 'USER_COUNT_EXCEEDED') return { show: 'userLimitPage' };
  if (failure.kind === 'unavailable') return { show: 'message', message: 'serviceUnavailable' };
  // Every other refusal marks the name as wrong (docs/decisions.md, For the person); a crash or a garbled
  // answer refused nothing, and blaming the name would have the person retype it for no reason.
  return isRefusal(failure) ? { show: 'message', message: 'nameRejected' } : { show: 'message', message: 'somethingWrong' };
}

/** Whether the backend answered with a 4xx: it refused the request, rather than failing at it. */
export function isRefusal(failure: BackendFailure): boolean {
  return failure.kind !== 'unavailable' && failure.status !== undefined && failure.status >= 400 && failure.status < 500;
}

/** The error names of single sign-on, as they appear in `?error=` of the login page. */
export const ssoErrors = [
  'sso-user-not-found',
  'demo-expired',
  'mfa-not-enabled',
  'totp',
  'user-close',
  'service-unavailable',
  'unknown',
] as const;
export type SsoError = (typeof ssoErrors)[number];

/**
 * The errors of single sign-on that have a page of their own under `/{lang}/`, rather than a
 * message on the login page: the same pages the e-mail step leads to.
 */
const ssoErrorPages = { totp: 'totp', 'demo-expired': 'trial-expired' } as const satisfies Partial<Record<SsoError, string>>;
export type SsoErrorPage = (typeof ssoErrorPages)[keyof typeof ssoErrorPages];

export function ssoErrorPage(error: SsoError): SsoErrorPage | undefined {
  return Object.hasOwn(ssoErrorPages, error) ? ssoErrorPages[error as keyof typeof ssoErrorPages] : undefined;
}

export function ssoLoginError(failure: BackendFailure): SsoError {
  if (failure.kind === 'unavailable') return 'service-unavailable';
  if (failure.kind !== 'code') return 'unknown';
  switch (failure.code) {
    case 'ORG_NOT_FOUND':
    case 'NO_ADMIN_ACCESS':
      return 'sso-user-not-found';
    case 'DEMO_EXPIRED':
      return 'demo-expired';
    case 'MFA_ENABLED_NOT_CONFIRMED':
      return 'mfa-not-enabled';
    case 'TOTP_ENABLED_SO_NOT_SUPPORTED':
      return 'totp';
    default:
      return 'unknown';
  }
}

/** Errors another step can send to the login page as `?error=`, each with the message it shows. */
const loginPageErrors = {
  'sso-user-not-found': 'ssoUserNotFound',
  'mfa-not-enabled': 'mfaNotEnabled',
  'user-close': 'userClose',
  'service-unavailable': 'serviceUnavailable',
  'provider-unavailable': 'providerUnavailable',
  unknown: 'somethingWrong',
  'link-expired': 'linkExpired',
  'link-code-attempts': 'linkCodeAttempts',
  'link-declined': 'linkDeclined',
  'sign-up-expired': 'signUpExpired',
  'provider-not-configured': 'providerNotConfigured',
  'redirect-not-allowed': 'redirectNotAllowed',
  // An app's start without the proof RFC 7636 asks of it (lib/flows/sso/app-start.ts).
  'code-challenge-required': 'codeChallengeRequired',
  'code-challenge-malformed': 'codeChallengeMalformed',
  'code-challenge-method-not-s256': 'codeChallengeMethodNotS256',
  'sso-start-again': 'ssoStartAgain',
  // What the provider answered instead of a code (lib/flows/sso/provider-errors.ts).
  'provider-failed': 'providerFailed',
  'provider-refused': 'providerRefused',
  'sso-consent-required': 'ssoConsentRequired',
  'sso-interaction-required': 'ssoInteractionRequired',
  'sso-login-required': 'ssoLoginRequired',
} as const satisfies Record<string, ErrorMessageKey>;

/**
 * Why a valid ID token still does not prove an identity the app may forward (each provider's
 * rule: lib/flows/sso/providers/). One text for every provider, which names it.
 */
const identityRefusals = {
  'email-not-verified': 'ssoEmailNotVerified',
  'organisation-not-allowed': 'ssoOrganisationNotAllowed',
} as const satisfies Record<string, ErrorMessageKey>;
export type IdentityRefusal = keyof typeof identityRefusals;

/** A refusal as the login page's `?error=` names it: the provider's id first, e.g. `google-email-not-verified`. */
export type ProviderRefusal = `${ProviderId}-${IdentityRefusal}`;

export function providerRefusal(provider: ProviderId, refusal: IdentityRefusal): ProviderRefusal {
  return `${provider}-${refusal}`;
}

export type LoginPageError = keyof typeof loginPageErrors | ProviderRefusal;

/** A message of the login page, with the provider it names, if any. */
export type LoginPageMessage = { key: ErrorMessageKey; provider?: string };

export function loginPageErrorMessage(error: unknown): LoginPageMessage | undefined {
  if (typeof error !== 'string') return undefined;
  if (Object.hasOwn(loginPageErrors, error)) return { key: loginPageErrors[error as keyof typeof loginPageErrors] };
  const provider = providers.find(({ id }) => error.startsWith(`${id}-`));
  const refusal = provider && error.slice(provider.id.length + 1);
  return refusal && Object.hasOwn(identityRefusals, refusal) ? { key: identityRefusals[refusal as IdentityRefusal], provider: provider.name } : undefined;
}

/**
 * Messages of the login page that report what a person did (cancelling here, or "I did not ask
 * for this" at the link), rather than a failure: shown as neutral news, which clears itself, instead of a red error, which stays.
 */
const neutralLoginPageErrors: ReadonlySet<string> = new Set<LoginPageError>(['user-close', 'link-declined']);

export function loginPageMessageTone(error: unknown): 'error' | 'info' {
  return typeof error === 'string' && neutralLoginPageErrors.has(error) ? 'info' : 'error';
}
