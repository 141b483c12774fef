import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { backendCalls } from './backend.ts';
import { languageRegistry, type Language } from '../../../lib/vocabulary/languages.ts';
import { providerById, type ProviderId } from '../../../lib/vocabulary/providers.ts';
import { IDENTITY_PROVIDER_ORIGIN } from './environment.ts';

/** What the single sign-on specs share: the start's address, the messages, and who reached ssoLogin. */

export const languages: readonly Language[] = languageRegistry.map((entry) => entry.code);
export type { Language };

const dictionaries = Object.fromEntries(
  languages.map((language) => [language, JSON.parse(readFileSync(`messages/${language}.json`, 'utf8')) as { errors: Record<string, string> }]),
) as Record<Language, { errors: Record<string, string> }>;

/** The text of `errors.<key>` in one language. */
/** A message of `errors`, with the provider it names (`{provider}`) filled in. */
export function errorText(language: Language, key: string, provider?: string): string {
  const value = dictionaries[language].errors[key];
  if (!value) throw new Error(`no message errors.${key} in ${language}`);
  return provider === undefined ? value : value.replaceAll('{provider}', provider);
}

/** `/login/start-<provider>?…`, under an origin (a dedicated deployment's) or the suite's baseURL. */
export function startPath(provider: ProviderId, query: Record<string, string>, origin = ''): string {
  return `${origin}/login/start-${providerById(provider).routeSegment}?${new URLSearchParams({ lang: 'en', ...query })}`;
}

/** An address no other test uses, so that ssoLogin's log can be searched for it. */
export function uniqueSsoAddress(prefix: string, domain = 'errors.test'): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@${domain}`;
}

/** The address inside an ID token as ssoLogin received it; '' when there is none to read. */
export function idTokenEmail(token: unknown): string {
  const payload = JSON.parse(Buffer.from(String(token ?? '').split('.')[1] ?? '', 'base64url').toString() || '{}') as { email?: string };
  return payload.email ?? '';
}

/** The e-mail addresses inside the ID tokens that reached ssoLogin. */
export async function ssoLoginEmails(request: APIRequestContext): Promise<string[]> {
  return (await backendCalls(request)).filter((call) => call.path.endsWith('/ssoLogin')).map((call) => idTokenEmail(call.body?.token));
}

/**
 * The positive control beside every "never reached ssoLogin": a sign-in that does reach it, by
 * the same browser, seen by the same reader. The address is unknown to the backend, which answers
 * ORG_NOT_FOUND: what matters is that ssoLogin saw it.
 */
export async function expectSsoLoginSees(page: Page, provider: ProviderId, origin = '', domain = 'errors.test'): Promise<void> {
  const control = uniqueSsoAddress('sso-control', domain);
  await page.goto(startPath(provider, { login_hint: control }, origin));
  await expect(page).toHaveURL(/\/login\/en\?error=sso-user-not-found$/);
  expect(await ssoLoginEmails(page.request)).toContain(control);
}

type SiteState = { kids: string[]; reads: { discovery: number; jwks: number } };

/** The identity provider's keys hook: per site, its key ids and how often discovery and keys were read. */
export async function identityProviderSites(request: APIRequestContext): Promise<Record<string, SiteState>> {
  return (await (await request.get(`${IDENTITY_PROVIDER_ORIGIN}/__dev/keys`)).json()) as Record<string, SiteState>;
}

export async function rotateSigningKey(request: APIRequestContext, site: string): Promise<void> {
  expect((await request.post(`${IDENTITY_PROVIDER_ORIGIN}/__dev/keys`, { data: { site } })).ok()).toBe(true);
}

export async function setSiteDown(request: APIRequestContext, site: string, down: boolean): Promise<void> {
  expect((await request.post(`${IDENTITY_PROVIDER_ORIGIN}/__dev/outage`, { data: { down, site } })).ok()).toBe(true);
}

/**
 * Runs a flow up to the provider's return and holds that request back (Chromium's Fetch
 * domain: Playwright's own routing does not see requests that come from a redirect).
 */
export async function heldReturn(page: Page, provider: 'google' | 'microsoft', email: string): Promise<URL> {
  const session = await page.context().newCDPSession(page);
  let held: URL | undefined;
  session.on('Fetch.requestPaused', (event: { requestId: string; request: { url: string } }) => {
    const url = new URL(event.request.url);
    if (url.pathname === `/login/${provider}` && url.searchParams.has('code')) {
      held = url;
      void session.send('Fetch.failRequest', { requestId: event.requestId, errorReason: 'Aborted' });
    } else {
      void session.send('Fetch.continueRequest', { requestId: event.requestId });
    }
  });
  await session.send('Fetch.enable', { patterns: [{ urlPattern: `*/login/${provider}?*`, requestStage: 'Request' }] });
  await page.goto(startPath(provider, { login_hint: email })).catch(() => undefined);
  await expect.poll(() => held?.toString() ?? '').toContain('code=');
  await session.send('Fetch.disable');
  await session.detach();
  return held!;
}
