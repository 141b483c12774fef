// Proves the local identity provider end to end without a browser: for Google and Microsoft an
// authorization request with PKCE (S256), state, nonce and login_hint, the redirects followed
// with fetch, the code exchanged at the token endpoint (client_secret_post), and the ID token's
// signature checked against the provider's JWKS with jose. Then the picker, Cancel and a refused
// request without PKCE; and, when google-auth-library and @azure/msal-node are installed, the
// same sign-in through them. Starts the provider itself when none answers on IDP_PORT.
//   node dev/identity-provider/smoke.ts
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { getCACertificates, setDefaultCACertificates } from 'node:tls';
import { fileURLToPath } from 'node:url';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { JWTPayload } from 'jose';
import { ensureDevCertificates } from './certificates.ts';
import { identityProviderSettings as settings } from './settings.ts';
import type { ProviderKind } from './settings.ts';

const serverStartTimeoutMs = 15_000;
const maxRedirects = 10;

type Discovery = { issuer: string; authorization_endpoint: string; token_endpoint: string; jwks_uri: string };
type Arrival = { code: string | null; state: string | null; error: string | null; iss: string | null };
type Pkce = { verifier: string; challenge: string };

// Node's fetch, google-auth-library and MSAL all use the default CA list: add ours to it, the
// in-process equivalent of NODE_EXTRA_CA_CERTS.
const certificates = ensureDevCertificates(settings.certificateDirectory, settings.certificateDnsNames);
setDefaultCACertificates([...getCACertificates('default'), readFileSync(certificates.caCertificate, 'utf8')]);

const issuers: Record<ProviderKind, string> = { google: settings.googleIssuer, microsoft: settings.microsoftAuthority };

function random(): string {
  return randomBytes(16).toString('base64url');
}

function newPkce(): Pkce {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

// Enough of a cookie jar for one provider on one host: oidc-provider's cookies by name.
class CookieJar {
  private readonly cookies = new Map<string, string>();

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

type Stop = { arrival: Arrival } | { page: string; url: URL };

// Follows redirects inside the provider until the browser would land on the app (arrival) or
// a page would be shown.
async function follow(start: string | URL, jar: CookieJar, redirectUri: string, init?: RequestInit): Promise<Stop> {
  let url = new URL(start);
  let request: RequestInit | undefined = init;
  for (let hop = 0; hop < maxRedirects; hop += 1) {
    const response = await fetch(url, { ...request, redirect: 'manual', headers: { ...request?.headers, cookie: jar.header() } });
    jar.take(response);
    request = undefined;
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      url = new URL(location, url);
      if (url.href.startsWith(`${redirectUri}?`)) {
        const query = url.searchParams;
        return { arrival: { code: query.get('code'), state: query.get('state'), error: query.get('error'), iss: query.get('iss') } };
      }
      continue;
    }
    if (response.status === 200) return { page: await response.text(), url };
    throw new Error(`${url.pathname} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  }
  throw new Error(`more than ${maxRedirects} redirects`);
}

function arrivalOf(stop: Stop): Arrival {
  if ('arrival' in stop) return stop.arrival;
  throw new Error(`expected a redirect to the app, got the page at ${stop.url.pathname}`);
}

function ensure(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

async function discover(kind: ProviderKind): Promise<Discovery> {
  const response = await fetch(`${issuers[kind]}/.well-known/openid-configuration`);
  ensure(response.ok, `discovery answered ${response.status}`);
  const discovery = (await response.json()) as Discovery;
  ensure(discovery.issuer === issuers[kind], `discovery names issuer ${discovery.issuer}`);
  return discovery;
}

type AuthorizationRequest = { state: string; nonce: string; pkce?: Pkce; loginHint?: string };

function authorizationUrl(kind: ProviderKind, discovery: Discovery, request: AuthorizationRequest): URL {
  const client = settings.clients[kind];
  const url = new URL(discovery.authorization_endpoint);
  url.search = new URLSearchParams({
    client_id: client.clientId,
    redirect_uri: client.redirectUris[0]!,
    response_type: 'code',
    scope: kind === 'microsoft' ? 'openid email profile offline_access' : 'openid email profile',
    state: request.state,
    nonce: request.nonce,
    ...(request.pkce ? { code_challenge: request.pkce.challenge, code_challenge_method: 'S256' } : {}),
    ...(request.loginHint ? { login_hint: request.loginHint } : {}),
  }).toString();
  return url;
}

async function verifyIdToken(kind: ProviderKind, discovery: Discovery, idToken: string, nonce: string): Promise<JWTPayload> {
  const { payload } = await jwtVerify(idToken, createRemoteJWKSet(new URL(discovery.jwks_uri)), {
    issuer: issuers[kind],
    audience: settings.clients[kind].clientId,
    algorithms: ['RS256'],
  });
  ensure(payload.nonce === nonce, `nonce ${String(payload.nonce)} is not the one sent`);
  return payload;
}

async function exchangeAndVerify(kind: ProviderKind, discovery: Discovery, code: string, pkce: Pkce, nonce: string) {
  const client = settings.clients[kind];
  const response = await fetch(discovery.token_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: client.redirectUris[0]!,
      code_verifier: pkce.verifier,
      client_id: client.clientId,
      client_secret: client.clientSecret,
    }),
  });
  const tokens = (await response.json()) as { id_token?: string; error?: string; error_description?: string };
  ensure(response.ok && tokens.id_token, `token endpoint: ${response.status} ${tokens.error ?? ''} ${tokens.error_description ?? ''}`);
  return verifyIdToken(kind, discovery, tokens.id_token, nonce);
}

function describe(payload: JWTPayload): string {
  const extra = payload.tid ? ` tid=${String(payload.tid)} oid=${String(payload.oid)} preferred_username=${String(payload.preferred_username)}` : '';
  return `iss=${payload.iss} aud=${String(payload.aud)} nonce=${String(payload.nonce)} email=${String(payload.email)} name="${String(payload.name)}"${extra}`;
}

// The flow the app's tests use: login_hint signs in without showing the picker.
async function signInWithLoginHint(kind: ProviderKind): Promise<string> {
  const discovery = await discover(kind);
  const request = { state: random(), nonce: random(), pkce: newPkce(), loginHint: kind === 'google' ? 'sso-one@acme.test' : 'sso-many@acme.test' };
  const arrival = arrivalOf(await follow(authorizationUrl(kind, discovery, request), new CookieJar(), settings.clients[kind].redirectUris[0]!));
  ensure(arrival.code && arrival.state === request.state, `arrived with ${JSON.stringify(arrival)}`);
  // RFC 9207: oidc-provider names itself in the redirect; the real providers do not.
  ensure(arrival.iss === issuers[kind], `the redirect names issuer ${arrival.iss}`);
  const payload = await exchangeAndVerify(kind, discovery, arrival.code, request.pkce, request.nonce);
  ensure(payload.email === request.loginHint, `email ${String(payload.email)}`);
  // Google vouches with email_verified; Entra has none, and its optional xms_edov says the tenant owns the domain.
  if (kind === 'google') ensure(payload.email_verified === true && payload.hd === 'acme.test', 'Google claims missing');
  if (kind === 'microsoft') ensure(payload.tid && payload.oid && payload.preferred_username === request.loginHint && payload.xms_edov === true, 'Microsoft claims missing');
  return describe(payload);
}

/** A sign-in started without an account hint: the provider shows its picker page. */
async function openThePicker(kind: ProviderKind) {
  const discovery = await discover(kind);
  const redirectUri = settings.clients[kind].redirectUris[0]!;
  const jar = new CookieJar();
  const request = { state: random(), nonce: random(), pkce: newPkce() };
  const stop = await follow(authorizationUrl(kind, discovery, request), jar, redirectUri);
  ensure('page' in stop, 'no picker was shown');
  return { discovery, redirectUri, jar, request, stop };
}

// A person at the picker: the page, then an address typed into the free field.
async function signInAtThePicker(kind: ProviderKind): Promise<string> {
  const { discovery, redirectUri, jar, request, stop } = await openThePicker(kind);
  const title = /<title>([^<]*)<\/title>/.exec(stop.page)?.[1];
  const action = /action="([^"]*\/login)"/.exec(stop.page)?.[1];
  ensure(title?.startsWith('Local identity provider — ') && action, `unexpected page: ${title}`);
  const typed = 'new.colleague@acme.test';
  const arrival = arrivalOf(
    await follow(new URL(action, stop.url), jar, redirectUri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: typed }),
    }),
  );
  ensure(arrival.code && arrival.state === request.state, `arrived with ${JSON.stringify(arrival)}`);
  const payload = await exchangeAndVerify(kind, discovery, arrival.code, request.pkce, request.nonce);
  ensure(payload.email === typed, `email ${String(payload.email)}`);
  return `page "${title}", typed ${typed}: ${describe(payload)}`;
}

async function cancelAtThePicker(kind: ProviderKind): Promise<string> {
  const { redirectUri, jar, request, stop } = await openThePicker(kind);
  const action = /action="([^"]*\/cancel)"/.exec(stop.page)?.[1];
  ensure(action, 'no Cancel form');
  const arrival = arrivalOf(await follow(new URL(action, stop.url), jar, redirectUri, { method: 'POST' }));
  ensure(arrival.error === 'access_denied' && arrival.state === request.state && !arrival.code, `arrived with ${JSON.stringify(arrival)}`);
  return `back at the app with error=${arrival.error}, state kept`;
}

async function refusedWithoutPkce(kind: ProviderKind): Promise<string> {
  const discovery = await discover(kind);
  const request = { state: random(), nonce: random(), loginHint: 'anna@acme.test' };
  const arrival = arrivalOf(await follow(authorizationUrl(kind, discovery, request), new CookieJar(), settings.clients[kind].redirectUris[0]!));
  ensure(arrival.error === 'invalid_request' && !arrival.code, `arrived with ${JSON.stringify(arrival)}`);
  return `error=${arrival.error}`;
}

// The libraries are the app's, not this folder's: they are used when installed, by a name
// TypeScript does not resolve, and described by the little of them used here.
async function importIfInstalled(name: string): Promise<unknown> {
  try {
    return await import(name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND') return undefined;
    throw error;
  }
}

type GoogleAuthLibrary = {
  OAuth2Client: new (options: object) => {
    generateCodeVerifierAsync(): Promise<{ codeVerifier: string; codeChallenge: string }>;
    generateAuthUrl(options: object): string;
    getToken(options: { code: string; codeVerifier: string }): Promise<{ tokens: { id_token?: string | null } }>;
    verifyIdToken(options: { idToken: string; audience: string }): Promise<{ getPayload(): JWTPayload | undefined }>;
  };
};

function googleClientOptions() {
  const issuer = settings.googleIssuer;
  const client = settings.clients.google;
  return {
    clientId: client.clientId,
    clientSecret: client.clientSecret,
    redirectUri: client.redirectUris[0]!,
    endpoints: {
      oauth2AuthBaseUrl: `${issuer}/o/oauth2/v2/auth`,
      oauth2TokenUrl: `${issuer}/token`,
      oauth2FederatedSignonPemCertsUrl: `${issuer}/oauth2/v1/certs`,
      oauth2FederatedSignonJwkCertsUrl: `${issuer}/oauth2/v3/certs`,
    },
    issuers: [issuer],
  };
}

async function signInThroughGoogleAuthLibrary(library: GoogleAuthLibrary): Promise<string> {
  const options = googleClientOptions();
  const client = new library.OAuth2Client(options);
  const { codeVerifier, codeChallenge } = await client.generateCodeVerifierAsync();
  const state = random();
  const nonce = random();
  const email = 'sso-manager@acme.test';
  const authUrl = client.generateAuthUrl({
    scope: ['openid', 'email', 'profile'],
    state,
    nonce,
    code_challenge: codeChallenge,
    code_challenge_method: 'S256',
    login_hint: email,
  });
  const arrival = arrivalOf(await follow(authUrl, new CookieJar(), options.redirectUri));
  ensure(arrival.code && arrival.state === state, `arrived with ${JSON.stringify(arrival)}`);
  const { tokens } = await client.getToken({ code: arrival.code, codeVerifier });
  ensure(tokens.id_token, 'no id_token');
  const payload = (await client.verifyIdToken({ idToken: tokens.id_token, audience: options.clientId })).getPayload();
  // verifyIdToken checks signature, iss, aud and exp, not the nonce.
  ensure(payload?.nonce === nonce && payload.email === email, `payload ${JSON.stringify(payload)}`);
  return describe(payload);
}

type MsalNode = {
  ConfidentialClientApplication: new (configuration: object) => {
    getAuthCodeUrl(request: object): Promise<string>;
    acquireTokenByCode(request: object, payload: object): Promise<{ idToken: string; idTokenClaims: JWTPayload }>;
  };
  CryptoProvider: new () => { generatePkceCodes(): Promise<{ verifier: string; challenge: string }> };
  ProtocolMode: { OIDC: string };
};

function msalConfiguration(protocolModeOidc: string) {
  const client = settings.clients.microsoft;
  return {
    auth: {
      clientId: client.clientId,
      clientSecret: client.clientSecret,
      authority: settings.microsoftAuthority,
      // Without this MSAL asks login.microsoftonline.com whether the authority is genuine.
      knownAuthorities: [new URL(settings.microsoftAuthority).host],
    },
    system: { protocolMode: protocolModeOidc },
  };
}

async function signInThroughMsal(library: MsalNode): Promise<string> {
  const msal = new library.ConfidentialClientApplication(msalConfiguration(library.ProtocolMode.OIDC));
  const { verifier, challenge } = await new library.CryptoProvider().generatePkceCodes();
  const redirectUri = settings.clients.microsoft.redirectUris[0]!;
  const scopes = ['openid', 'profile', 'email'];
  const state = random();
  const nonce = random();
  const email = 'sso-mfa@acme.test';
  const authUrl = await msal.getAuthCodeUrl({
    scopes,
    redirectUri,
    codeChallenge: challenge,
    codeChallengeMethod: 'S256',
    state,
    nonce,
    loginHint: email,
  });
  const arrival = arrivalOf(await follow(authUrl, new CookieJar(), redirectUri));
  ensure(arrival.code && arrival.state, `arrived with ${JSON.stringify(arrival)}`);
  // ConfidentialClientApplication takes the expected nonce from the request, not the payload.
  const result = await msal.acquireTokenByCode(
    { code: arrival.code, scopes, redirectUri, codeVerifier: verifier, state, nonce },
    { code: arrival.code, state: arrival.state },
  );
  // MSAL checks state and nonce but not the signature: that is still the app's to do.
  const payload = await verifyIdToken('microsoft', await discover('microsoft'), result.idToken, nonce);
  ensure(payload.email === email && result.idTokenClaims.tid === payload.tid, `payload ${JSON.stringify(payload)}`);
  return describe(payload);
}

async function isServing(): Promise<boolean> {
  try {
    return (await fetch(`${settings.origin}/__dev/health`)).ok;
  } catch {
    return false;
  }
}

// The server's log, shown only when something fails: Cancel and the missing PKCE log errors on purpose.
let serverLog = '';

async function startServerIfNeeded(): Promise<ChildProcess | undefined> {
  if (await isServing()) return undefined;
  const child = spawn(process.execPath, [fileURLToPath(new URL('server.ts', import.meta.url))], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (chunk: Buffer) => (serverLog += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (serverLog += chunk.toString()));
  const deadline = Date.now() + serverStartTimeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the identity provider exited with code ${child.exitCode}:\n${serverLog}`);
    if (await isServing()) return child;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill();
  throw new Error(`the identity provider did not answer on ${settings.origin} within ${serverStartTimeoutMs / 1000} s`);
}

type Check = { name: string; run: () => Promise<string> };

async function librarySignIns(): Promise<Check[]> {
  const checks: Check[] = [];
  const google = (await importIfInstalled('google-auth-library')) as GoogleAuthLibrary | undefined;
  if (google) checks.push({ name: 'google via google-auth-library (OAuth2Client)', run: () => signInThroughGoogleAuthLibrary(google) });
  else console.log('- google-auth-library is not installed: its sign-in is skipped');
  const msal = (await importIfInstalled('@azure/msal-node')) as MsalNode | undefined;
  if (msal) checks.push({ name: 'microsoft via @azure/msal-node (ConfidentialClientApplication)', run: () => signInThroughMsal(msal) });
  else console.log('- @azure/msal-node is not installed: its sign-in is skipped');
  return checks;
}

async function main(): Promise<number> {
  const server = await startServerIfNeeded();
  console.log(`identity provider ${server ? 'started for this run' : 'already running'} at ${settings.origin}`);
  const checks: Check[] = [];
  for (const kind of ['google', 'microsoft'] as const) {
    checks.push(
      { name: `${kind}: login_hint, fetch, client_secret_post`, run: () => signInWithLoginHint(kind) },
      { name: `${kind}: account picker`, run: () => signInAtThePicker(kind) },
      { name: `${kind}: Cancel`, run: () => cancelAtThePicker(kind) },
      { name: `${kind}: no PKCE is refused`, run: () => refusedWithoutPkce(kind) },
    );
  }
  checks.push(...(await librarySignIns()));

  let failed = 0;
  for (const check of checks) {
    try {
      console.log(`✓ ${check.name}\n    ${await check.run()}`);
    } catch (error) {
      failed += 1;
      console.log(`✗ ${check.name}\n    ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (failed > 0 && server) console.log(`\nThe identity provider's log:\n${serverLog}`);
  console.log(`${checks.length - failed} passed, ${failed} failed`);
  server?.kill();
  return failed === 0 ? 0 : 1;
}

process.exitCode = await main();
