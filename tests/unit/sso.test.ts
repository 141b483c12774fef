import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { acceptedIssuers, IdTokenRejected, verifyIdToken } from '@/lib/flows/sso/providers/id-token';
import { controlCentrePath, decideSsoOutcome, isAllowedRedirectUri } from '@/lib/flows/sso/outcome';
import { appStartRefusal, appStartRefusals } from '@/lib/flows/sso/app-start';
import { loginPageErrorMessage } from '@/lib/platform/backend/error-catalogue';
import type { Discovery } from '@/lib/flows/sso/providers/discovery';

const discovery: Discovery = {
  issuer: 'https://idp.example.com/tenant/v2.0',
  authorization_endpoint: 'https://idp.example.com/authorize',
  token_endpoint: 'https://idp.example.com/token',
  jwks_uri: 'https://idp.example.com/keys',
};

describe('verifyIdToken', () => {
  let sign: (claims: JWTPayload, options?: { expiresIn?: string; key?: 'trusted' | 'stranger' }) => Promise<string>;
  let keys: ReturnType<typeof createLocalJWKSet>;

  beforeAll(async () => {
    const trusted = await generateKeyPair('RS256');
    const stranger = await generateKeyPair('RS256');
    keys = createLocalJWKSet({ keys: [{ ...(await exportJWK(trusted.publicKey)), kid: 'k1', alg: 'RS256' }] });
    sign = (claims, { expiresIn = '5m', key = 'trusted' } = {}) =>
      new SignJWT({ iss: discovery.issuer, aud: 'client-1', sub: 'user-1', nonce: 'n-1', ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setIssuedAt()
        .setExpirationTime(expiresIn)
        .sign(key === 'trusted' ? trusted.privateKey : stranger.privateKey);
  });

  const expected = { discovery, clientId: 'client-1', nonce: 'n-1', clockSkewSeconds: 120 };

  it('accepts a token signed by the issuer for this client and this sign-in', async () => {
    await expect(verifyIdToken(await sign({ email: 'a@b.test' }), expected, keys)).resolves.toMatchObject({ email: 'a@b.test' });
  });

  it.each([
    ['another audience', { aud: 'someone-else' }],
    ['another issuer', { iss: 'https://evil.example.com/tenant/v2.0' }],
    ['another sign-in (nonce)', { nonce: 'n-2' }],
    ['no nonce at all', { nonce: undefined }],
  ])('refuses %s', async (_case, claims) => {
    await expect(verifyIdToken(await sign(claims), expected, keys)).rejects.toBeInstanceOf(IdTokenRejected);
  });

  it('refuses an expired token', async () => {
    await expect(verifyIdToken(await sign({}, { expiresIn: '-5m' }), expected, keys)).rejects.toBeInstanceOf(IdTokenRejected);
  });

  it('refuses a token signed with a key the issuer does not publish', async () => {
    await expect(verifyIdToken(await sign({}, { key: 'stranger' }), expected, keys)).rejects.toBeInstanceOf(IdTokenRejected);
  });

  it('refuses an unsigned token', async () => {
    const [header, payload] = (await sign({})).split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${payload}.`;
    expect(header).toBeTruthy();
    await expect(verifyIdToken(none, expected, keys)).rejects.toBeInstanceOf(IdTokenRejected);
  });
});

describe('acceptedIssuers', () => {
  it('fills in the tenant of a multi-tenant Entra issuer from the token', () => {
    const template = 'https://login.microsoftonline.com/{tenantid}/v2.0';
    const tenant = '9188040d-6c67-4c5b-b112-36a304b66dad';
    expect(acceptedIssuers(template, tenant)).toEqual([`https://login.microsoftonline.com/${tenant}/v2.0`]);
    expect(acceptedIssuers(template, 'not-a-tenant/../x')).toEqual([]);
    expect(acceptedIssuers(template, undefined)).toEqual([]);
  });

  it('knows both spellings of Google\'s issuer, and nothing else', () => {
    expect(acceptedIssuers('https://accounts.google.com', undefined)).toEqual(['https://accounts.google.com', 'accounts.google.com']);
    expect(acceptedIssuers('https://idp.example.com', undefined)).toEqual(['https://idp.example.com']);
  });
});

describe('decideSsoOutcome', () => {
  const ok = <T>(value: T) => ({ ok: true as const, value });
  const code = (value: 'ORG_NOT_FOUND' | 'TOTP_ENABLED_SO_NOT_SUPPORTED' | 'DEMO_EXPIRED') =>
    ({ ok: false as const, failure: { kind: 'code' as const, code: value, status: 400 } });

  it('one organisation: straight to it; several: the picker', () => {
    expect(decideSsoOutcome(ok({ kind: 'organisations', organisations: [{ subDomain: 'acme', token: 't' }] }), undefined)).toEqual({
      kind: 'organisation',
      subDomain: 'acme',
      token: 't',
    });
    const several = [
      { subDomain: 'acme', token: 't1' },
      { subDomain: 'globex', token: 't2' },
    ];
    expect(decideSsoOutcome(ok({ kind: 'organisations', organisations: several }), undefined)).toEqual({ kind: 'picker', organisations: several });
  });

  it('jwt: by role to the control centre, errors to /cc/?error=', () => {
    expect(decideSsoOutcome(ok({ kind: 'controlCentre', token: 'j', role: 'ROLE_MANAGER' }), 'jwt')).toEqual({
      kind: 'control-centre',
      path: '/cc/dashboard/real-time',
      token: 'j',
    });
    expect(decideSsoOutcome(code('ORG_NOT_FOUND'), 'jwt')).toEqual({ kind: 'control-centre-error', path: '/cc/?error=ORG_NOT_FOUND' });
    expect(decideSsoOutcome({ ok: false, failure: { kind: 'unavailable' } }, 'jwt')).toEqual({
      kind: 'control-centre-error',
      path: '/cc/?error=UNKNOWN',
    });
  });

  it('web: errors to the login page; one-time codes and an ended trial to the pages the e-mail step leads to', () => {
    expect(decideSsoOutcome(code('ORG_NOT_FOUND'), undefined)).toEqual({ kind: 'login-error', error: 'sso-user-not-found' });
    expect(decideSsoOutcome(code('TOTP_ENABLED_SO_NOT_SUPPORTED'), undefined)).toEqual({ kind: 'error-page', page: 'totp' });
    expect(decideSsoOutcome(code('DEMO_EXPIRED'), undefined)).toEqual({ kind: 'error-page', page: 'trial-expired' });
  });

  it.each([
    ['ROLE_MFA_USER', '/cc/mfa/select-mfa'],
    ['ROLE_MANAGER', '/cc/dashboard/real-time'],
    ['ROLE_USER', '/cc/premises'],
    ['', '/cc/premises'],
  ])('role %s goes to %s', (role, path) => {
    expect(controlCentrePath(role)).toBe(path);
  });
});

describe('isAllowedRedirectUri', () => {
  const allowlist = ['deskbooking://sso', 'https://cc.example.com/sso', 'https://app.example.com/app/'];

  it.each([
    'deskbooking://sso',
    'deskbooking://sso/done?x=1',
    'deskbooking://sso/x',
    'deskbooking://sso#done',
    'https://cc.example.com/sso',
    'https://cc.example.com/sso/callback',
    'https://cc.example.com/sso?next=%2Fdashboard%2F..%2Fx',
    'https://cc.example.com:443/sso/callback',
    'https://CC.Example.com/sso/callback',
    'https://app.example.com/app/',
    'https://app.example.com/app/cb',
    // Dots and semicolons that are no segment of their own, and those after the path, stay the app's.
    'https://cc.example.com/sso/callback.v2',
    'https://cc.example.com/sso/..x',
    'https://cc.example.com/sso/done?state=a;b&next=..;/x',
    'deskbooking://sso/done#..;/x',
  ])('allows %s', (uri) => {
    expect(isAllowedRedirectUri(uri, allowlist)).toBe(true);
  });

  it.each([
    // Another host, scheme or port.
    'https://cc.example.com.evil.com/sso',
    'https://cc.example.com@evil.com/sso',
    'https://user:pass@cc.example.com/sso',
    'https://user@cc.example.com/sso',
    'http://cc.example.com/sso',
    'https://cc.example.com:8443/sso',
    'https://cc.example.com./sso',
    '//evil.com/sso',
    'not a url',
    // A path that only shares the entry's characters, not its segments.
    'https://cc.example.com/other',
    'https://cc.example.com/sso-evil/x',
    'https://cc.example.com/ssox',
    'https://cc.example.com/sso.evil',
    'https://cc.example.com/sso%2Fx',
    'https://app.example.com/app',
    'https://app.example.com/app-evil/x',
    // Dot segments, plain and encoded, that URL parsing would resolve before any comparison.
    'https://cc.example.com/sso/../evil',
    'https://cc.example.com/sso/./x',
    'https://cc.example.com/sso/..',
    'https://cc.example.com/sso/%2e%2e/sso-evil',
    'https://cc.example.com/sso/%2E%2E/evil',
    'https://cc.example.com/sso/.%2e/evil',
    'https://cc.example.com/sso/%2e/x',
    // Path parameters, which Tomcat and other servlet containers strip before resolving: `..;` is `..` there.
    'https://cc.example.com/sso/..;/x',
    'https://cc.example.com/sso/..;x=1/evil',
    'https://cc.example.com/sso/.;/x',
    'https://cc.example.com/sso;/../evil',
    'https://cc.example.com/sso/..%3b/x',
    'https://cc.example.com/sso/..%3B/x',
    'https://cc.example.com/sso/%2e%2e;/x',
    'https://cc.example.com/sso/x;jsessionid=1',
    'deskbooking://sso/..;/evil',
    // Encoded twice, for a host behind that decodes twice.
    'https://cc.example.com/sso/%252e%252e/evil',
    'https://cc.example.com/sso/..%253b/x',
    // Encoded slashes and backslashes, which the host behind may decode into separators.
    'https://cc.example.com/sso/..%2fevil',
    'https://cc.example.com/sso/..%2Fevil',
    'https://cc.example.com/sso/..%5cevil',
    'https://cc.example.com/sso/..%5Cevil',
    'https://cc.example.com/sso/%2f%2fevil.com',
    'https://cc.example.com/sso//evil.com',
    'deskbooking://sso//evil.com',
    'https://cc.example.com/sso\\..\\evil',
    'https://cc.example.com\\@evil.com/sso',
    // Characters URL parsing silently drops.
    'https://cc.example.com/sso/.\t./evil',
    'https://cc.example.com/sso-\nevil',
    ' https://cc.example.com/sso',
    // Custom schemes: the host is the app's, exactly.
    'deskbooking://evil',
    'deskbooking://sso-evil',
    'deskbooking://ssox',
    'deskbooking://sso.evil.com',
    'deskbooking://sso@evil.com',
    'deskbooking://sso:1234/x',
    'deskbooking://sso/../evil',
    'deskbooking://sso/..%2fevil',
    'deskbookingx://sso',
    // Schemes that run or embed content.
    'javascript:alert(1)//deskbooking://sso',
    'data:text/html,deskbooking://sso',
    'vbscript:msgbox(1)',
  ])('refuses %j', (uri) => {
    expect(isAllowedRedirectUri(uri, allowlist)).toBe(false);
  });

  it('refuses everything when the allowlist is empty', () => {
    expect(isAllowedRedirectUri('deskbooking://sso', [])).toBe(false);
  });

  // Issue 48: the place a token is sent to is printable ASCII, spelt out. A host behind that folds
  // Unicode (NFKC) reads a fullwidth or one-dot leader as `.`, and one that decodes reads `%00` and
  // `%09` as a control character, which truncates or is dropped before the path is resolved.
  it.each([
    'https://cc.example.com/sso/\uff0e\uff0e/evil',
    'https://cc.example.com/sso/\u2024\u2024/evil',
    'https://cc.example.com/sso/\uff0e/x',
    'https://cc.example.com/sso/\ufe52\ufe52/evil',
    'deskbooking://sso/\uff0e\uff0e/evil',
    'https://cc.example.com/sso/caf\u00e9',
    'https://cc.example.com/sso/%ef%bc%8e%ef%bc%8e/evil',
    'https://cc.example.com/sso/%E2%80%A4%E2%80%A4/evil',
    'https://cc.example.com/sso/%00/x',
    'https://cc.example.com/sso/.%09./evil',
    'https://cc.example.com/sso/%0a',
    'https://cc.example.com/sso/%0D%0Aset-cookie:x',
    'https://cc.example.com/sso/%7f',
    'deskbooking://sso/%00',
    'https://cc.\uff45xample.com/sso',
  ])('refuses a path or host of anything but printable ASCII, or with an encoded control: %j', (uri) => {
    expect(isAllowedRedirectUri(uri, allowlist)).toBe(false);
  });

  it('still allows the registered redirect URIs, and encoded printable ASCII in their paths (the control)', () => {
    for (const registered of ['deskbooking://sso', 'https://cc.desk.test:8443/sso', 'https://cc.example.com/sso', 'https://app.example.com/app/']) {
      expect(isAllowedRedirectUri(registered, [registered])).toBe(true);
    }
    expect(isAllowedRedirectUri('https://cc.example.com/sso/a%20b', allowlist)).toBe(true);
    expect(isAllowedRedirectUri('https://cc.example.com/sso/%7Euser', allowlist)).toBe(true);
    // The query stays the app's own, whatever it holds.
    expect(isAllowedRedirectUri('https://cc.example.com/sso?name=caf%C3%A9&x=%00', allowlist)).toBe(true);
  });
});

describe('appStartRefusal: each rule an app broke is named for itself (issue 43)', () => {
  const policy = { allowlist: ['deskbooking://sso', 'https://cc.example.com/sso'], requireCodeChallenge: true };
  const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

  it.each([
    ['an address outside the allowlist', { redirectUri: 'https://evil.example/sso', codeChallenge: challenge, codeChallengeMethod: 'S256' }, 'redirect-not-allowed'],
    ['no challenge', { redirectUri: 'deskbooking://sso' }, 'code-challenge-required'],
    ['a challenge of the wrong shape', { redirectUri: 'deskbooking://sso', codeChallenge: 'too-short', codeChallengeMethod: 'S256' }, 'code-challenge-malformed'],
    ['the method without a challenge', { redirectUri: 'deskbooking://sso', codeChallengeMethod: 'S256' }, 'code-challenge-malformed'],
    ['the plain method', { redirectUri: 'deskbooking://sso', codeChallenge: challenge, codeChallengeMethod: 'plain' }, 'code-challenge-method-not-s256'],
    ['a challenge without a method, which RFC 7636 reads as plain', { redirectUri: 'deskbooking://sso', codeChallenge: challenge }, 'code-challenge-method-not-s256'],
    ['a lower-case method', { redirectUri: 'deskbooking://sso', codeChallenge: challenge, codeChallengeMethod: 's256' }, 'code-challenge-method-not-s256'],
    ['a malformed challenge on a web sign-in', { codeChallenge: 'too-short', codeChallengeMethod: 'S256' }, 'code-challenge-malformed'],
  ] as const)('refuses %s', (_case, start, refusal) => {
    expect(appStartRefusal(start, policy)).toBe(refusal);
  });

  it.each([
    ['an allowed address with an S256 challenge', { redirectUri: 'https://cc.example.com/sso/callback', codeChallenge: challenge, codeChallengeMethod: 'S256' }, policy],
    ['a web sign-in, which sends neither', {}, policy],
    ['an allowed address without a challenge where none is required', { redirectUri: 'deskbooking://sso' }, { ...policy, requireCodeChallenge: false }],
  ] as const)('lets through %s', (_case, start, given) => {
    expect(appStartRefusal(start, given)).toBeUndefined();
  });

  it('gives every cause its own message on the login page', () => {
    const messages = appStartRefusals.map((refusal) => loginPageErrorMessage(refusal));
    expect(messages).not.toContain(undefined);
    expect(new Set(messages).size).toBe(appStartRefusals.length);
  });
});
