import { expect, test, type APIRequestContext } from '@playwright/test';
import { APP_PORTS, DOMAIN, HTTPS_PORT } from './environment.ts';

/**
 * Known open-redirect payloads against every input that steers a redirect: the path, the Host
 * and X-Forwarded-Host headers, the sub-domain cookie and redirect_uri. Sent to the app as nginx
 * forwards them; whatever comes back, a Location never leaves the configured domain.
 */

const APP = `http://127.0.0.1:${APP_PORTS[0]}`;
const PUBLIC_HOST = `web.${DOMAIN}:${HTTPS_PORT}`;

function expectSafeLocation(location: string | undefined, context: string) {
  if (!location) return;
  if (location.startsWith('/')) {
    expect(location, context).not.toMatch(/^\/[/\\]/);
    return;
  }
  const url = new URL(location);
  expect(['https:', 'http:'], context).toContain(url.protocol);
  expect(url.hostname === DOMAIN || url.hostname.endsWith(`.${DOMAIN}`), `${context}: ${location}`).toBe(true);
}

async function get(request: APIRequestContext, path: string, headers: Record<string, string> = {}) {
  const response = await request.get(`${APP}${path}`, {
    headers: { host: PUBLIC_HOST, 'x-forwarded-proto': 'https', ...headers },
    maxRedirects: 0,
  });
  expect(response.status(), path).toBeLessThan(500);
  return response;
}

const pathPayloads = [
  '//evil.com',
  '//evil.com/%2F..',
  '/\\evil.com',
  '/%2F%2Fevil.com',
  '/%5C%5Cevil.com',
  '/%2fevil.com',
  '/.//evil.com',
  '/..//evil.com',
  '/en//evil.com',
  '/totp//evil.com',
  '/validatelink//evil.com',
  '/%09/evil.com',
  '/javascript:alert(1)',
  '/https://evil.com',
  '/en/..%2F..%2F..%2Fevil.com',
];

test('no path sends the browser off the configured domain', async ({ request }) => {
  for (const payload of pathPayloads) {
    const response = await get(request, `/login${payload}`);
    expectSafeLocation(response.headers().location, payload);
  }
});

const forgedHosts = ['evil.com', `${DOMAIN}.evil.com`, `evil${DOMAIN}`, 'evil.com:443', `web.${DOMAIN}@evil.com`, '[::1]', ''];

test('a forged Host or X-Forwarded-Host never becomes the target of a redirect', async ({ request }) => {
  for (const host of forgedHosts) {
    // The sub-domain cookie makes the arrival redirect to an organisation host built from Host.
    const variants: Record<string, string>[] = [{ host }, { 'x-forwarded-host': host }];
    for (const headers of variants) {
      const response = await get(request, '/login/en', { ...headers, cookie: 'flwSubDomain=acme' });
      expect(response.status()).toBe(303);
      expectSafeLocation(response.headers().location, JSON.stringify(headers));
    }
  }
});

const subDomainPayloads = ['evil.com', 'evil.com/', 'acme.evil.com', '%2F%2Fevil.com', 'acme@evil.com', 'acme:443', '..', 'a'.repeat(64)];

test('a sub-domain cookie can only name a host under the configured domain', async ({ request }) => {
  for (const subDomain of subDomainPayloads) {
    const response = await get(request, '/login/en', { cookie: `flwSubDomain=${encodeURIComponent(subDomain)}` });
    expectSafeLocation(response.headers().location, subDomain);
    if (response.status() === 303) expect(new URL(response.headers().location ?? '').hostname.split('.')).toHaveLength(3);
  }
});

const redirectUriPayloads = [
  'https://evil.com',
  '//evil.com',
  'https:evil.com',
  'javascript:alert(document.cookie)',
  'data:text/html,<script>alert(1)</script>',
  `https://cc.${DOMAIN}:${HTTPS_PORT}.evil.com/sso`,
  `https://cc.${DOMAIN}:${HTTPS_PORT}@evil.com/sso`,
  `https://evil.com/https://cc.${DOMAIN}:${HTTPS_PORT}/sso`,
  `https://cc.${DOMAIN}:${HTTPS_PORT}/other`,
  'deskbooking://sso@evil.com',
  'deskbooking://evil.com/sso',
  `http://cc.${DOMAIN}:${HTTPS_PORT}/sso`,
];

test('a redirect_uri outside the allowlist is refused before anything else happens', async ({ request }) => {
  for (const redirectUri of redirectUriPayloads) {
    for (const provider of ['google', 'microsoft']) {
      const response = await get(request, `/login/start-${provider}?lang=en&redirect_uri=${encodeURIComponent(redirectUri)}`);
      expect(response.status(), redirectUri).toBe(303);
      expect(response.headers().location, redirectUri).toBe('/login/en?error=redirect-not-allowed');
    }
  }
});
