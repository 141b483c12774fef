import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect, test } from '@playwright/test';
import { backendCalls } from './support/backend.ts';
import { startDeployment, type Deployment } from './support/dedicated-deployment.ts';
import { organisationOrigin, RUN_DIRECTORY, testPort } from './support/environment.ts';
import { errorText, languages, uniqueSsoAddress } from './support/single-sign-on.ts';

/**
 * A provider is one entry (issue 47): a third one, Okta, that exists only in this test's world.
 * The test copies the project, applies docs/contributing.md's recipe for a plain OpenID Connect
 * provider to the copy (the files it names, and no other), builds the copy, and signs in with
 * Okta through the copy's own nginx site, app, development backend and identity provider, where
 * Okta is the identity provider's realm. Nothing of this checkout changes.
 */

test.describe.configure({ mode: 'serial' });

const HTTPS_PORT = testPort(4660);
const HTTP_PORT = testPort(4669);
const APP_PORT = testPort(4661);
const SERVERS = { backend: testPort(4662), identityProvider: testPort(4663), identityProviderGeneric: testPort(4664) };

const REGISTRY = 'lib/vocabulary/providers.ts';
const OKTA_ENTRY = "  { id: 'okta', name: 'Okta', routeSegment: 'okta', source: 'okta', client: 'openid' },\n";

/** The files the recipe names for a plain OpenID Connect provider: the list under its heading in docs/contributing.md. */
function recipeFiles(): string[] {
  const guide = readFileSync('docs/contributing.md', 'utf8');
  const section = guide.slice(guide.indexOf('### A plain OpenID Connect provider'));
  const list = section.slice(0, section.indexOf('\n\n', section.indexOf('\n- ')));
  return [...list.matchAll(/^- `([^`]+)`/gm)].map((match) => match[1]!);
}

let copy: string;
let deployment: Deployment;

test.beforeAll(async () => {
  test.setTimeout(480_000);
  copy = mkdtempSync(join(tmpdir(), 'desk-login-third-provider-'));
  const files = spawnSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { encoding: 'utf8' }).stdout.split('\0').filter(Boolean);
  for (const file of files) {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    copyFileSync(file, join(copy, file));
  }
  // The packages as they are, linked rather than copied: same files, no download.
  expect(spawnSync('cp', ['-al', 'node_modules', join(copy, 'node_modules')]).status).toBe(0);
  // The suite's build left its compiler cache (Next's, on by default): copied, not linked, as the
  // copy's build writes to it. Its build then compiles what the recipe changed, not the whole app:
  // 32 s of CPU instead of 75 s (docs/testing.md).
  if (existsSync('.next/cache')) cpSync('.next/cache', join(copy, '.next/cache'), { recursive: true });

  // The recipe: an entry in the registry, after Microsoft's.
  const microsoftEntry = readFileSync(REGISTRY, 'utf8').split('\n').find((line) => line.includes("id: 'microsoft'"))!;
  const registry = readFileSync(join(copy, REGISTRY), 'utf8');
  expect(registry).toContain(microsoftEntry);
  writeFileSync(join(copy, REGISTRY), registry.replace(`${microsoftEntry}\n`, `${microsoftEntry}\n${OKTA_ENTRY}`));
  const changed = files.filter((file) => readFileSync(file, 'utf8') !== readFileSync(join(copy, file), 'utf8'));
  expect(changed).toEqual(recipeFiles());

  const build = spawnSync('npm', ['run', 'build'], { cwd: copy, encoding: 'utf8', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  writeFileSync(join(copy, 'build.log'), `${build.stdout}\n${build.stderr}`);
  expect(build.status, `the copy's build (${join(copy, 'build.log')})`).toBe(0);

  deployment = await startDeployment('thirdProvider', {
    httpsPort: HTTPS_PORT,
    httpPort: HTTP_PORT,
    appPorts: [APP_PORT],
    servers: SERVERS,
    root: copy,
    // The suite's client for Okta, as SSO_CLIENTS makes one for each provider: development's
    // dev-okta-secret is refused in production. The identity provider is given it too.
    environment: { OKTA_CLIENT_ID: 'e2e-okta-client', OKTA_CLIENT_SECRET: 'e2e-okta-secret', OKTA_ISSUER: `https://127.0.0.1:${SERVERS.identityProvider}/realms/acme` },
  });
});

test.afterAll(async () => {
  await deployment?.stop();
  if (copy) rmSync(copy, { recursive: true, force: true });
});

test('the recipe names the files it takes, and a copy with them alone builds', () => {
  // beforeAll compared the copy with this checkout: only the recipe's files differ.
  expect(recipeFiles()).toEqual([REGISTRY]);
});

test('Okta has its button beside Google and Microsoft, and signs in end to end', async ({ page }) => {
  await page.goto(`${deployment.origin}/login/en`);
  await expect(page.getByRole('link', { name: /^Sign in with / })).toHaveText(['Sign in with Google', 'Sign in with Microsoft', 'Sign in with Okta']);
  await page.getByRole('link', { name: 'Sign in with Okta' }).click();
  await expect(page).toHaveTitle(/Local identity provider/);
  await page.getByRole('button', { name: /sso-one@acme\.test/ }).click();
  await expect(page).toHaveURL(`${organisationOrigin('acme', HTTPS_PORT)}/`);

  const ssoLogins = (await backendCalls(page.request, deployment.backendOrigin)).filter((call) => call.path.endsWith('/ssoLogin'));
  expect(ssoLogins.map((call) => call.body?.source)).toEqual(['okta']);
  // No code or state of its return in the access log, which names the return all the same.
  const accessLog = readFileSync(join(RUN_DIRECTORY, 'thirdProvider', 'nginx', 'access.log'), 'utf8');
  expect(accessLog).toMatch(/GET \/login\/okta /);
  expect(accessLog).not.toMatch(/\/login\/okta\?/);
});

test('an address Okta does not vouch for is refused with the shared text, naming Okta, in every language', async ({ page }) => {
  for (const language of languages) {
    await page.goto(`${deployment.origin}/login/start-okta?${new URLSearchParams({ lang: language, login_hint: uniqueSsoAddress('unverified', 'acme.test') })}`);
    await expect(page).toHaveURL(`${deployment.origin}/login/${language}?error=okta-email-not-verified`);
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(errorText(language, 'ssoEmailNotVerified', 'Okta'));
  }
});
