import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseConfig, type Config } from '@/lib/platform/settings/config';
import { parseCookieHeader, type CookieAttributes } from '@/lib/platform/cookies';
import { readSsoFlow, writeSsoFlow, type SsoFlowState } from '@/lib/flows/sso/flow-state';
import type { RequestHost } from '@/lib/platform/hosts';
import { providerRouteRewrites } from '@/lib/platform/pages/login-page-rewrite';
import { routeLanguage } from '@/lib/platform/pages/language-routing';
import { loginPageOrder, signInMethod } from '@/lib/vocabulary/sign-in-method';
import { providerSignIn } from '@/lib/flows/sso/providers/provider-sign-in';
import { providerIds, providers, startSegment, type ProviderId } from '@/lib/vocabulary/providers';

/**
 * The provider registry (issue 17, item 3): one list that the buttons, the routes, the sealed
 * cookies and the backend's `source` read. What it makes checkable for every provider at once.
 */

process.env.SESSION_SECRET ??= 'unit-test-secret-of-at-least-32-characters';

const root = resolve(__dirname, '../..');

describe('the provider registry', () => {
  it.each(['id', 'name', 'routeSegment', 'source'] as const)('gives each provider a %s of its own', (field) => {
    const values = providers.map((provider) => provider[field]);
    expect(new Set(values).size).toBe(providers.length);
  });

  it('names each route segment in lower-case letters, never two of them: the nginx site keeps two-letter segments for the languages', () => {
    for (const { id, routeSegment } of providers) {
      expect(id).toMatch(/^[a-z]+$/);
      expect(routeSegment).toMatch(/^[a-z]{3,}$/);
    }
  });

  it('keeps the addresses and the backend source of the contract (docs/decisions.md, Single sign-on)', () => {
    // Registered with Google and Entra, linked to by the mobile app and the control centre, and
    // named in ssoLogin: none may change with a refactor.
    expect(providers.map((provider) => ({ start: `/${startSegment(provider)}`, return: `/${provider.routeSegment}`, source: provider.source }))).toEqual([
      { start: '/start-google', return: '/google', source: 'google' },
      { start: '/start-microsoft', return: '/microsoft', source: 'microsoft' },
    ]);
  });
});

describe('every provider\'s routes come from the registry, with no folder of its own in app/', () => {
  it.each(providers.map((provider) => [provider.id, provider] as const))('%s: the start and the return address are rewritten to the one route of each', (_id, provider) => {
    const rewrites = providerRouteRewrites(providers.map(({ routeSegment }) => routeSegment));
    expect(rewrites).toContainEqual({ source: `/${startSegment(provider)}`, destination: `/sso/${provider.routeSegment}/start` });
    expect(rewrites).toContainEqual({ source: `/${provider.routeSegment}`, destination: `/sso/${provider.routeSegment}/return` });
  });

  it('has the four routes once, for every provider, and none named after one', () => {
    const routes = ['sso/[provider]/start/route.ts', 'sso/[provider]/return/route.ts', '[lang]/[provider]/organisations/page.tsx', '[lang]/[provider]/open-app/page.tsx'];
    expect(routes.filter((file) => !existsSync(join(root, 'app', file)))).toEqual([]);
    const named = [...readdirSync(join(root, 'app')), ...readdirSync(join(root, 'app', '[lang]'))].filter((name) => name.startsWith('start-') || providers.some(({ routeSegment }) => name === routeSegment));
    expect(named).toEqual([]);
  });
});

describe('the proxy serves every provider route without a language', () => {
  it.each(providers.map((provider) => [provider.id, provider] as const))('%s', (_id, provider) => {
    expect(routeLanguage(`/${startSegment(provider)}`, 'de')).toEqual({ action: 'serve' });
    expect(routeLanguage(`/${provider.routeSegment}`, 'de')).toEqual({ action: 'serve' });
    expect(routeLanguage(`/${provider.routeSegment}/organisations`, 'de')).toEqual({ action: 'redirect', pathname: `/de/${provider.routeSegment}/organisations` });
  });

  it.each(providerIds)('%s: the internal paths the rewrites lead to are no address of ours, and go to the login page', (id) => {
    expect(routeLanguage(`/sso/${id}/start`, 'de')).toEqual({ action: 'redirect', pathname: '/de' });
    expect(routeLanguage(`/sso/${id}/return`, 'nl')).toEqual({ action: 'redirect', pathname: '/nl' });
  });
});

describe('the sealed flow cookie', () => {
  const host: RequestHost = { protocol: 'https', domain: 'example.com', hostname: 'web.example.com', port: '' };
  const flow = { state: 's', nonce: 'n', codeVerifier: 'v', redirectUri: 'https://web.example.com/login/x', language: 'en', deviceId: 'd' };

  async function sealedAndRead(provider: string): Promise<SsoFlowState | undefined> {
    let header = '';
    const writer = { set: (name: string, value: string, _attributes: CookieAttributes) => (header = `${name}=${encodeURIComponent(value)}`) };
    await writeSsoFlow(writer, host, { ...flow, provider: provider as ProviderId });
    return readSsoFlow(parseCookieHeader(header));
  }

  it.each(providerIds)('carries %s from the start to the return', async (id) => {
    expect((await sealedAndRead(id))?.provider).toBe(id);
  });

  it('reads a flow for a provider the registry does not know as no flow at all', async () => {
    expect(await sealedAndRead('github')).toBeUndefined();
  });
});

describe('the method used last', () => {
  it.each(providerIds)('%s is a sign-in method, offered first once used', (id) => {
    expect(signInMethod.safeParse(id).success).toBe(true);
    expect(loginPageOrder(id, providerIds)).toEqual({ emailFirst: false, providers: [id, ...providerIds.filter((other) => other !== id)] });
  });

  it('offers every provider, in the registry\'s order, after e-mail', () => {
    expect(loginPageOrder(undefined, providerIds)).toEqual({ emailFirst: true, providers: [...providerIds] });
  });
});

describe('each provider is configured by its own settings alone', () => {
  function configWith(environment: Record<string, string>): Config {
    const result = parseConfig({
      NODE_ENV: 'production',
      BACKEND_URL: 'https://api.example.com',
      APP_DOMAINS: 'example.com',
      SESSION_SECRET: '78c73a00eab3dd1730f4d7681e3ddef703b072229cddf5b781afa6c3ea9e8bc3',
      ...environment,
    });
    if (!result.ok) throw new Error(result.problems.join('\n'));
    return result.config;
  }

  it.each<[ProviderId, Record<string, string>, { clientId: string; discoveryUrl: string }]>([
    [
      'google',
      { GOOGLE_CLIENT_ID: 'g-id', GOOGLE_CLIENT_SECRET: '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', GOOGLE_ISSUER: 'https://idp.example' },
      { clientId: 'g-id', discoveryUrl: 'https://idp.example/.well-known/openid-configuration' },
    ],
    [
      'microsoft',
      { MICROSOFT_CLIENT_ID: 'm-id', MICROSOFT_CLIENT_SECRET: 'Xk98Q~bN2vL.7mFzR4tYcW1pHs6JdG0aEu3iKo5r', MICROSOFT_AUTHORITY: 'https://login.microsoftonline.com/common' },
      { clientId: 'm-id', discoveryUrl: 'https://login.microsoftonline.com/common/v2.0/.well-known/openid-configuration' },
    ],
  ])('%s: its client and discovery document, and no other provider configured by them', (id, settings, client) => {
    const config = configWith(settings);
    expect(providerSignIn(id).configured(config, id)).toMatchObject(client);
    for (const other of providerIds.filter((providerId) => providerId !== id)) expect(providerSignIn(other).configured(config, other)).toBeUndefined();
  });
});

describe('the registry that the proxy, the cookies and the login page read', () => {
  const serverLibraries = ['@azure/msal-node', 'google-auth-library'];

  function loadedUnderGuard(modulePath: string): Promise<unknown> {
    return jest.isolateModulesAsync(async () => {
      for (const library of serverLibraries) {
        jest.doMock(library, () => {
          throw new Error(`${library} loaded`);
        });
      }
      await import(modulePath);
    });
  }

  it.each(['@/lib/vocabulary/providers', '@/lib/platform/pages/language-routing', '@/lib/platform/cookies', '@/lib/vocabulary/sign-in-method', '@/lib/platform/backend/auth'])(
    '%s loads no identity provider library',
    async (modulePath) => {
      await expect(loadedUnderGuard(modulePath)).resolves.toBeUndefined();
    },
  );

  it('while the server side of single sign-on does (the guard works)', async () => {
    await expect(loadedUnderGuard('@/lib/flows/sso/providers/provider-sign-in')).rejects.toThrow(/loaded/);
  });
});
