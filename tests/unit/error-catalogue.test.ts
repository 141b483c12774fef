import type { BackendFailure } from '@/lib/platform/backend/error-catalogue';
import {
  accountCreationOutcome,
  knownErrorCodes,
  loginPageErrorMessage,
  loginPageMessageTone,
  ssoErrorPage,
  ssoErrors,
  ssoLoginError,
  verifyUserOutcome,
  type ErrorCode,
} from '@/lib/platform/backend/error-catalogue';

const code = (value: ErrorCode, status = 400): BackendFailure => ({ kind: 'code', code: value, status });
const unknown: BackendFailure = { kind: 'unknown', status: 500 };
const unavailable: BackendFailure = { kind: 'unavailable' };

describe('verifyUserOutcome', () => {
  it.each<[string, BackendFailure, ReturnType<typeof verifyUserOutcome>]>([
    ['INVALID_EMAIL', code('INVALID_EMAIL'), { show: 'message', message: 'invalidEmail' }],
    ['NOT_FOUND', code('NOT_FOUND', 404), { show: 'message', message: 'userNotFound' }],
    ['NOT_SUPPORTED', code('NOT_SUPPORTED'), { show: 'oneTimeCodePage' }],
    ['SUSPICIOUS_ACTIVITY', code('SUSPICIOUS_ACTIVITY', 429), { show: 'rateLimitView' }],
    ['SUSPICIOUS_ACTIVITY with a time to wait', { kind: 'code', code: 'SUSPICIOUS_ACTIVITY', status: 429, retryAfterMs: 60_000 }, { show: 'rateLimitView', retryAfterMs: 60_000 }],
    ['DEMO_EXPIRED', code('DEMO_EXPIRED', 403), { show: 'trialExpiredView' }],
    ['a code of another call (USER_COUNT_EXCEEDED)', code('USER_COUNT_EXCEEDED'), { show: 'message', message: 'somethingWrong' }],
    ['an unknown answer', unknown, { show: 'message', message: 'somethingWrong' }],
    ['an unreachable backend', unavailable, { show: 'message', message: 'serviceUnavailable' }],
  ])('%s', (_case, failure, outcome) => {
    expect(verifyUserOutcome(failure)).toEqual(outcome);
  });
});

describe('accountCreationOutcome', () => {
  it('USER_COUNT_EXCEEDED leads to the user-limit page', () => {
    expect(accountCreationOutcome(code('USER_COUNT_EXCEEDED', 403))).toEqual({ show: 'userLimitPage' });
  });

  it('an unreachable backend says the service is unavailable', () => {
    expect(accountCreationOutcome(unavailable)).toEqual({ show: 'message', message: 'serviceUnavailable' });
  });

  it.each<BackendFailure>([
    { kind: 'unknown', status: 400 },
    { kind: 'unknown', status: 422 },
    ...knownErrorCodes.filter((c) => c !== 'USER_COUNT_EXCEEDED').map((c) => code(c)),
  ])('any other refusal (%j) marks the name as rejected', (failure) => {
    expect(accountCreationOutcome(failure)).toEqual({ show: 'message', message: 'nameRejected' });
  });

  it.each<BackendFailure>([unknown, { kind: 'unknown', status: 503 }, { kind: 'unknown', status: 200 }, { kind: 'unknown' }])(
    'an answer that refused nothing (%j) says something went wrong, not that the name is wrong',
    (failure) => {
      expect(accountCreationOutcome(failure)).toEqual({ show: 'message', message: 'somethingWrong' });
    },
  );
});

describe('ssoLoginError', () => {
  it.each<[BackendFailure, string]>([
    [code('ORG_NOT_FOUND', 404), 'sso-user-not-found'],
    [code('NO_ADMIN_ACCESS', 403), 'sso-user-not-found'],
    [code('DEMO_EXPIRED'), 'demo-expired'],
    [code('MFA_ENABLED_NOT_CONFIRMED'), 'mfa-not-enabled'],
    [code('TOTP_ENABLED_SO_NOT_SUPPORTED'), 'totp'],
    [code('NOT_FOUND'), 'unknown'],
    [unknown, 'unknown'],
    [unavailable, 'service-unavailable'],
  ])('%j → %s', (failure, error) => {
    expect(ssoLoginError(failure)).toBe(error);
  });

  it('only produces names of the catalogue', () => {
    for (const c of knownErrorCodes) expect(ssoErrors).toContain(ssoLoginError(code(c)));
  });
});

describe('loginPageErrorMessage', () => {
  it.each([
    ['sso-user-not-found', 'ssoUserNotFound'],
    ['mfa-not-enabled', 'mfaNotEnabled'],
    ['user-close', 'userClose'],
    ['unknown', 'somethingWrong'],
    ['link-expired', 'linkExpired'],
    ['sign-up-expired', 'signUpExpired'],
    ['provider-not-configured', 'providerNotConfigured'],
    ['service-unavailable', 'serviceUnavailable'],
    ['provider-unavailable', 'providerUnavailable'],
  ])('%s shows %s', (error, message) => {
    expect(loginPageErrorMessage(error)).toEqual({ key: message });
  });

  it('shows one text for a refused identity, naming the provider of the code', () => {
    expect(loginPageErrorMessage('google-email-not-verified')).toEqual({ key: 'ssoEmailNotVerified', provider: 'Google' });
    expect(loginPageErrorMessage('microsoft-email-not-verified')).toEqual({ key: 'ssoEmailNotVerified', provider: 'Microsoft' });
    expect(loginPageErrorMessage('microsoft-organisation-not-allowed')).toEqual({ key: 'ssoOrganisationNotAllowed', provider: 'Microsoft' });
    for (const error of ['github-email-not-verified', 'google-', 'google-totp', 'google-__proto__', 'email-not-verified', 'google-domain-not-allowed']) {
      expect(loginPageErrorMessage(error)).toBeUndefined();
    }
  });

  it('has a message for every error single sign-on can report, except those with a page of their own', () => {
    for (const error of ssoErrors) expect(loginPageErrorMessage(error) === undefined).toBe(ssoErrorPage(error) !== undefined);
  });

  it.each<unknown>(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'totp', 'demo-expired', 'SSO-USER-NOT-FOUND', '', 'nope', undefined, ['unknown'], 42])(
    'shows nothing for %j',
    (error) => {
      expect(loginPageErrorMessage(error)).toBeUndefined();
    },
  );
});

describe('loginPageMessageTone', () => {
  it('shows a cancelled sign-in as neutral news, which clears itself', () => {
    expect(loginPageMessageTone('user-close')).toBe('info');
  });

  it.each(['sso-user-not-found', 'sso-start-again', 'link-expired', 'unknown', 'no-such-error', undefined, ['user-close']])(
    'shows %j as an error, which stays',
    (error) => {
      expect(loginPageMessageTone(error)).toBe('error');
    },
  );
});
