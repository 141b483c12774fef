import { randomBytes } from 'node:crypto';
import { appRedirectLocation, APP_CODE_LIFETIME_SECONDS, codeChallengeOf, redeemAppCode, type AppSignIn } from '@/lib/flows/sso/app-code';
import { tampered } from './tampered-seal';

// getConfig() reads this on first use.
process.env.SESSION_SECRET = 'unit-test-secret-of-at-least-32-characters';

const signIn = { token: 'organisation-token', subDomain: 'acme' };

function newVerifier(): string {
  return randomBytes(32).toString('base64url');
}

/** The code an app receives at its address after a sign-in that carried `verifier`'s challenge. */
async function codeFor(verifier: string, handedOff: AppSignIn = signIn): Promise<string> {
  const location = new URL(await appRedirectLocation({ uri: 'deskbooking://sso/done?x=1', codeChallenge: codeChallengeOf(verifier) }, handedOff));
  expect(location.searchParams.has('token')).toBe(false);
  return location.searchParams.get('code') ?? '';
}

afterEach(() => jest.useRealTimers());

describe('an app without a challenge', () => {
  it('receives the token and organisation in the query, as before', async () => {
    await expect(appRedirectLocation({ uri: 'deskbooking://sso/done?x=1' }, { token: 'tok en', subDomain: 'acme' })).resolves.toBe(
      'deskbooking://sso/done?x=1&token=tok+en&subDomain=acme',
    );
  });
});

describe('an app with a challenge', () => {
  it('receives a code that names neither token nor organisation, and keeps its own query', async () => {
    const location = new URL(await appRedirectLocation({ uri: 'deskbooking://sso/done?x=1', codeChallenge: codeChallengeOf(newVerifier()) }, signIn));
    expect(location.searchParams.get('x')).toBe('1');
    expect([...location.searchParams.keys()]).toEqual(['x', 'code']);
    expect(location.toString()).not.toContain('organisation-token');
    expect(location.toString()).not.toContain('acme');
  });

  it('redeems the code once, with the verifier of its challenge', async () => {
    const verifier = newVerifier();
    const code = await codeFor(verifier);
    await expect(redeemAppCode(code, verifier)).resolves.toEqual(signIn);
    await expect(redeemAppCode(code, verifier)).resolves.toBeUndefined();
  });

  it('gives another app that read the code nothing without the verifier, and leaves the code to its owner', async () => {
    const verifier = newVerifier();
    const code = await codeFor(verifier);
    await expect(redeemAppCode(code, newVerifier())).resolves.toBeUndefined();
    // RFC 7636 "plain": the challenge itself as verifier.
    await expect(redeemAppCode(code, codeChallengeOf(verifier))).resolves.toBeUndefined();
    await expect(redeemAppCode(code, verifier)).resolves.toEqual(signIn);
  });

  it('refuses a code after its lifetime', async () => {
    const verifier = newVerifier();
    jest.useFakeTimers({ now: Date.parse('2026-11-24T08:50:00Z') });
    const code = await codeFor(verifier);
    jest.setSystemTime(Date.parse('2026-11-24T08:50:00Z') + (APP_CODE_LIFETIME_SECONDS + 1) * 1000);
    await expect(redeemAppCode(code, verifier)).resolves.toBeUndefined();
  });

  it('refuses a changed code and verifiers outside RFC 7636', async () => {
    const verifier = newVerifier();
    const code = await codeFor(verifier);
    await expect(redeemAppCode(tampered(code), verifier)).resolves.toBeUndefined();
    await expect(redeemAppCode(code, 'short')).resolves.toBeUndefined();
    await expect(redeemAppCode(code, `${verifier}!`)).resolves.toBeUndefined();
    await expect(redeemAppCode(code, verifier)).resolves.toEqual(signIn);
  });

  it('hands a control-centre token on without an organisation', async () => {
    const verifier = newVerifier();
    await expect(redeemAppCode(await codeFor(verifier, { token: 'cc-token' }), verifier)).resolves.toEqual({ token: 'cc-token' });
  });
});
