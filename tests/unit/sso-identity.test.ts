import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWK, type JWTPayload } from 'jose';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { IdTokenRejected, KEY_REFRESH_COOLDOWN_MS, providerKeySet, verifyIdToken } from '@/lib/flows/sso/providers/id-token';
import type { IdentityPolicy } from '@/lib/flows/sso/providers/provider-contract';
import { identityRefusal } from '@/lib/flows/sso/providers/provider-sign-in';
import { providerErrorMessage, providerErrorName } from '@/lib/flows/sso/provider-errors';
import type { Discovery } from '@/lib/flows/sso/providers/discovery';

const anyone: IdentityPolicy = { googleHostedDomains: [], microsoftTenantIds: [] };
const tenant = '9188040d-6c67-4c5b-b112-36a304b66dad';

describe('identityRefusal (docs/decisions.md, Single sign-on)', () => {
  it.each<[string, JWTPayload, IdentityPolicy, ReturnType<typeof identityRefusal>]>([
    ['a verified Google address', { email_verified: true }, anyone, undefined],
    ['the string "true" (fail closed: not the boolean)', { email_verified: 'true' }, anyone, 'google-email-not-verified'],
    ['null', { email_verified: null }, anyone, 'google-email-not-verified'],
    ['an unverified Google address', { email_verified: false }, anyone, 'google-email-not-verified'],
    ['a Google token without email_verified', {}, anyone, 'google-email-not-verified'],
    ['a listed hosted domain', { email_verified: true, hd: 'Acme.example' }, { ...anyone, googleHostedDomains: ['acme.example'] }, undefined],
    ['another hosted domain', { email_verified: true, hd: 'evil.example' }, { ...anyone, googleHostedDomains: ['acme.example'] }, 'google-organisation-not-allowed'],
    ['a consumer Google account (no hd) when domains are listed', { email_verified: true }, { ...anyone, googleHostedDomains: ['acme.example'] }, 'google-organisation-not-allowed'],
  ])('Google: %s', (_case, claims, policy, refusal) => {
    expect(identityRefusal('google', claims, policy)).toBe(refusal);
  });

  const listed: IdentityPolicy = { ...anyone, microsoftTenantIds: [tenant] };
  it.each<[string, JWTPayload, IdentityPolicy, ReturnType<typeof identityRefusal>]>([
    ['Entra, xms_edov true', { tid: tenant, xms_edov: true }, anyone, undefined],
    ['Entra, xms_edov absent from an unlisted tenant', { tid: tenant }, anyone, 'microsoft-email-not-verified'],
    ['Entra, xms_edov false', { tid: tenant, xms_edov: false }, anyone, 'microsoft-email-not-verified'],
    ['Entra, xms_edov "False"', { tid: tenant, xms_edov: 'False' }, anyone, 'microsoft-email-not-verified'],
    ['Entra, xms_edov "true" (a string)', { tid: tenant, xms_edov: 'true' }, anyone, 'microsoft-email-not-verified'],
    ['Entra, xms_edov null', { tid: tenant, xms_edov: null }, anyone, 'microsoft-email-not-verified'],
    ['Entra, email_verified true but no xms_edov: a tenant could write that claim', { tid: tenant, email_verified: true }, anyone, 'microsoft-email-not-verified'],
    ['a listed tenant without xms_edov', { tid: tenant.toUpperCase() }, listed, undefined],
    ['a listed tenant whose token says xms_edov false', { tid: tenant, xms_edov: false }, listed, 'microsoft-email-not-verified'],
    ['another tenant, even with xms_edov true', { tid: '00000000-0000-0000-0000-000000000001', xms_edov: true }, listed, 'microsoft-organisation-not-allowed'],
    ['no tid when tenants are listed', { email_verified: true }, listed, 'microsoft-organisation-not-allowed'],
    ['a plain OpenID provider saying email_verified true', { email_verified: true }, anyone, undefined],
    ['a plain OpenID provider saying email_verified false', { email_verified: false }, anyone, 'microsoft-email-not-verified'],
    ['a plain OpenID provider saying nothing', {}, anyone, 'microsoft-email-not-verified'],
    ['a plain OpenID provider saying "true"', { email_verified: 'true' }, anyone, 'microsoft-email-not-verified'],
  ])('Microsoft: %s', (_case, claims, policy, refusal) => {
    expect(identityRefusal('microsoft', claims, policy)).toBe(refusal);
  });

  it('the Google rules do not apply to Microsoft, nor the other way round', () => {
    expect(identityRefusal('microsoft', { tid: tenant, xms_edov: true }, { googleHostedDomains: ['acme.example'], microsoftTenantIds: [] })).toBeUndefined();
    expect(identityRefusal('google', { email_verified: true, tid: 'another' }, { googleHostedDomains: [], microsoftTenantIds: [tenant] })).toBeUndefined();
  });
});

describe('providerErrorMessage: what the provider sent instead of a code', () => {
  it.each([
    ['access_denied', 'user-close'],
    ['consent_required', 'sso-consent-required'],
    ['interaction_required', 'sso-interaction-required'],
    ['login_required', 'sso-login-required'],
    ['temporarily_unavailable', 'provider-unavailable'],
    ['server_error', 'provider-failed'],
    ['invalid_request', 'provider-refused'],
    ['AADSTS50105', 'provider-refused'],
    ['<script>alert(1)</script>', 'provider-refused'],
    ['constructor', 'provider-refused'],
  ])('%s → %s', (error, message) => {
    expect(providerErrorMessage(error)).toBe(message);
  });

  it('logs only names it knows', () => {
    expect(providerErrorName('consent_required')).toBe('consent_required');
    expect(providerErrorName('toString')).toBe('other');
    expect(providerErrorName('anna@acme.example')).toBe('other');
  });
});

const discovery: Discovery = {
  issuer: 'https://idp.example/realms/acme',
  authorization_endpoint: 'https://idp.example/auth',
  token_endpoint: 'https://idp.example/token',
  jwks_uri: 'https://idp.example/certs',
};

async function signer() {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const kid = `key-${Math.random().toString(36).slice(2)}`;
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const sign = (claims: JWTPayload = {}, { iat = Math.floor(Date.now() / 1000) } = {}) =>
    new SignJWT({ iss: discovery.issuer, aud: 'client-1', sub: 'user-1', nonce: 'n-1', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid })
      .setIssuedAt(iat)
      .setExpirationTime(iat + 300)
      .sign(privateKey);
  return { jwk, sign };
}

describe('azp (OIDC Core 3.1.3.7)', () => {
  const expected = { discovery, clientId: 'client-1', nonce: 'n-1', clockSkewSeconds: 120 };

  it.each<[string, JWTPayload, boolean]>([
    ['one audience, no azp', {}, true],
    ['one audience, azp our client', { azp: 'client-1' }, true],
    ['several audiences, azp our client', { aud: ['client-1', 'other-api'], azp: 'client-1' }, true],
    ['several audiences, no azp', { aud: ['client-1', 'other-api'] }, false],
    ['several audiences, a foreign azp', { aud: ['client-1', 'other-client'], azp: 'other-client' }, false],
    ['one audience, a foreign azp', { azp: 'other-client' }, false],
  ])('%s: accepted %s', async (_case, claims, accepted) => {
    const { jwk, sign } = await signer();
    const verified = verifyIdToken(await sign(claims), expected, createLocalJWKSet({ keys: [jwk] }));
    if (accepted) await expect(verified).resolves.toBeDefined();
    else await expect(verified).rejects.toMatchObject({ code: 'azp_mismatch' });
  });
});

describe('key sets and kid (OIDC Core 10.1, the RP tests kid-absent-single-jwks and kid-absent-multiple-jwks)', () => {
  const expected = { discovery, clientId: 'client-1', nonce: 'n-1', clockSkewSeconds: 120 };

  async function kidless() {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const jwk: JWK = { ...(await exportJWK(publicKey)), alg: 'RS256', use: 'sig' };
    const sign = (header: { kid?: string } = {}) =>
      new SignJWT({ iss: discovery.issuer, aud: 'client-1', sub: 'user-1', nonce: 'n-1' })
        .setProtectedHeader({ alg: 'RS256', ...header })
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey);
    return { jwk, sign };
  }

  it('accepts a token without kid when the key set holds one key without kid', async () => {
    const { jwk, sign } = await kidless();
    await expect(verifyIdToken(await sign(), expected, createLocalJWKSet({ keys: [jwk] }))).resolves.toMatchObject({ sub: 'user-1' });
  });

  it('accepts a token without kid when the other keys of the set are of another type or unusable', async () => {
    const { jwk, sign } = await kidless();
    const ec = { ...(await exportJWK((await generateKeyPair('ES256')).publicKey)), alg: 'ES256' };
    const unknownAlgorithm = { ...(await exportJWK((await generateKeyPair('RS256')).publicKey)), alg: 'RS999' };
    const keys = createLocalJWKSet({ keys: [ec, unknownAlgorithm, { kty: 'MADE-UP' }, jwk] });
    await expect(verifyIdToken(await sign(), expected, keys)).resolves.toMatchObject({ sub: 'user-1' });
  });

  it('refuses a token without kid when several keys of the set could have signed it: the provider must name one', async () => {
    const { jwk, sign } = await kidless();
    const other = await kidless();
    await expect(verifyIdToken(await sign(), expected, createLocalJWKSet({ keys: [other.jwk, jwk] }))).rejects.toMatchObject({ code: 'ERR_JWKS_MULTIPLE_MATCHING_KEYS' });
    // The control: the same token, with its key alone in the set.
    await expect(verifyIdToken(await sign(), expected, createLocalJWKSet({ keys: [jwk] }))).resolves.toBeDefined();
  });

  it('refuses a token naming a kid the set does not publish, even when a key without kid would verify it', async () => {
    const { jwk, sign } = await kidless();
    await expect(verifyIdToken(await sign({ kid: 'named-but-not-published' }), expected, createLocalJWKSet({ keys: [jwk] }))).rejects.toBeInstanceOf(IdTokenRejected);
  });
});

describe('clock skew (SSO_CLOCK_SKEW_SECONDS)', () => {
  const expected = (clockSkewSeconds: number) => ({ discovery, clientId: 'client-1', nonce: 'n-1', clockSkewSeconds });
  const now = () => Math.floor(Date.now() / 1000);

  it('accepts a provider clock up to the allowance ahead (iat, nbf) or behind (exp)', async () => {
    const { jwk, sign } = await signer();
    const keys = createLocalJWKSet({ keys: [jwk] });
    await expect(verifyIdToken(await sign({ nbf: now() + 100 }, { iat: now() + 100 }), expected(120), keys)).resolves.toBeDefined();
    await expect(verifyIdToken(await sign({}, { iat: now() - 400 }), expected(120), keys)).resolves.toBeDefined();
  });

  it('refuses beyond it', async () => {
    const { jwk, sign } = await signer();
    const keys = createLocalJWKSet({ keys: [jwk] });
    await expect(verifyIdToken(await sign({ nbf: now() + 100 }, { iat: now() + 100 }), expected(30), keys)).rejects.toBeInstanceOf(IdTokenRejected);
    await expect(verifyIdToken(await sign({}, { iat: now() - 500 }), expected(120), keys)).rejects.toBeInstanceOf(IdTokenRejected);
  });

  it('refuses a token issued long before this sign-in, even if it has not expired', async () => {
    const { jwk, sign } = await signer();
    const keys = createLocalJWKSet({ keys: [jwk] });
    await expect(verifyIdToken(await sign({ exp: now() + 3600 }, { iat: now() - 3000 }), expected(120), keys)).rejects.toBeInstanceOf(IdTokenRejected);
  });
});

describe('key rotation: the provider\'s key set is fetched again for an unknown key, at most once per cool-down', () => {
  let server: Server;
  let published: JWK[] = [];
  let fetches = 0;
  let jwksUri = '';

  beforeAll(async () => {
    server = createServer((_req, res) => {
      fetches += 1;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: published }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    jwksUri = `http://127.0.0.1:${(server.address() as AddressInfo).port}/certs`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('follows a rotation on the first token after it; a flood of unknown keys costs one fetch per cool-down', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask', 'setTimeout', 'clearTimeout'] });
    try {
      const start = Date.now();
      jest.setSystemTime(start);
      const first = await signer();
      published = [first.jwk];
      fetches = 0;
      const keys = providerKeySet(jwksUri);
      const expected = { discovery, clientId: 'client-1', nonce: 'n-1', clockSkewSeconds: 120 };
      await expect(verifyIdToken(await first.sign(), expected, keys)).resolves.toBeDefined();
      expect(fetches).toBe(1);

      // A flood of tokens signed with a key nobody published, within the cool-down: no fetch.
      const stranger = await signer();
      for (let i = 0; i < 20; i += 1) await expect(verifyIdToken(await stranger.sign(), expected, keys)).rejects.toBeInstanceOf(IdTokenRejected);
      expect(fetches).toBe(1);

      // The provider rotates; once the cool-down is over, the first token with the new key fetches once.
      const second = await signer();
      published = [second.jwk, first.jwk];
      jest.setSystemTime(start + KEY_REFRESH_COOLDOWN_MS + 1);
      await expect(verifyIdToken(await second.sign(), expected, keys)).resolves.toBeDefined();
      await expect(verifyIdToken(await second.sign(), expected, keys)).resolves.toBeDefined();
      expect(fetches).toBe(2);
    } finally {
      jest.useRealTimers();
    }
  });
});
