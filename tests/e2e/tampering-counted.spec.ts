import { expect, test, type APIRequestContext } from '@playwright/test';
import { APP_PORTS, DOMAIN, HTTPS_PORT, IDENTITY_PROVIDER_PORT, metricsPortOf } from './support/environment.ts';

/**
 * An attempt to get around a control is something an operator sees (ASVS 5.0 v5.0.0-16.3.3):
 * a cookie of ours sent twice, a provider's return with a state that is not the flow's, and a
 * device id without the binding this app wrote each move `desk_login_tampering_total` of the
 * instance that refused them, by kind, on its metrics port.
 */

const NGINX = `https://127.0.0.1:${HTTPS_PORT}`;
const AT_NGINX = { host: `web.${DOMAIN}:${HTTPS_PORT}` };
const METRICS = `http://127.0.0.1:${metricsPortOf(APP_PORTS[0]!)}/metrics`;

async function tampering(request: APIRequestContext): Promise<Record<string, number>> {
  const text = await (await request.get(METRICS)).text();
  return Object.fromEntries([...text.matchAll(/^desk_login_tampering_total\{kind="([a-z_]+)"\} (\d+)$/gm)].map((match) => [match[1]!, Number(match[2])]));
}

/** The value of the cookie `name` among a response's Set-Cookie lines. */
function setCookie(lines: { name: string; value: string }[], name: string): string {
  const line = lines.filter((header) => header.name.toLowerCase() === 'set-cookie').map((header) => header.value).find((value) => value.startsWith(`${name}=`));
  expect(line, name).toBeDefined();
  return line!.slice(name.length + 1).split(';')[0]!;
}

test('a cookie sent twice, a forged state and a device id without its binding each count as tampering, by kind', async ({ request }) => {
  const before = await tampering(request);
  expect(Object.keys(before).sort()).toEqual(['device_id_mismatch', 'device_id_unbound', 'duplicate_cookie', 'state_mismatch']);

  // A flow cookie of ours twice, as a sibling host that shadows it sends it.
  const twice = await request.get(`${NGINX}/login/en`, { headers: { ...AT_NGINX, cookie: '__Host-ssoFlow=a; __Host-ssoFlow=b' }, maxRedirects: 0 });
  expect(twice.status()).toBeLessThan(500);

  // A return to this browser's own flow, with a state the flow never had.
  const start = await request.get(`${NGINX}/login/start-google?login_hint=tampering%40errors.test`, { headers: AT_NGINX, maxRedirects: 0 });
  expect(new URL(start.headers().location ?? '/', NGINX).port, 'the start goes to the provider').toBe(String(IDENTITY_PROVIDER_PORT));
  const flow = setCookie(start.headersArray(), '__Host-ssoFlow');
  const forged = await request.get(`${NGINX}/login/google?state=forged&code=anything`, { headers: { ...AT_NGINX, cookie: `__Host-ssoFlow=${flow}` }, maxRedirects: 0 });
  expect(forged.headers().location).toMatch(/\/login\/en\?error=unknown$/);

  // A device id on the parent domain, with no binding beside it.
  const planted = await request.get(`${NGINX}/login/en`, { headers: { ...AT_NGINX, cookie: `loginUUID=${crypto.randomUUID()}` }, maxRedirects: 0 });
  expect(planted.status()).toBeLessThan(500);

  await expect.poll(async () => {
    const after = await tampering(request);
    return ['duplicate_cookie', 'state_mismatch', 'device_id_unbound'].filter((kind) => (after[kind] ?? 0) <= (before[kind] ?? 0));
  }).toEqual([]);
});
