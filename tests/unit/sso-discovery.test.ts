import { Authority, Logger, ProtocolMode as AuthorityProtocolMode } from '@azure/msal-common/node';
import { ConfidentialClientApplication, ProtocolMode, type INetworkModule, type NetworkResponse } from '@azure/msal-node';
import { DISCOVERY_MAX_AGE_MS, discover, DiscoveryIssuerMismatch, forgetDiscovery, issuerMatchesDiscoveryUrl, ProviderUnreachable, type Discovery } from '@/lib/flows/sso/providers/discovery';
import { providerSignIn } from '@/lib/flows/sso/providers/provider-sign-in';
import type { ProviderId } from '@/lib/vocabulary/providers';
import { isMicrosoftAuthorityHost, msalConfiguration } from '@/lib/flows/sso/providers/microsoft';

const discoveryUrl = (provider: ProviderId, issuerOrAuthority: string) => providerSignIn(provider).discoveryUrl(issuerOrAuthority);

const tenant = '9188040d-6c67-4c5b-b112-36a304b66dad';

describe('discoveryUrl: one rule for the app and MSAL', () => {
  it.each([
    // Microsoft's hosts: the v2.0 document, whatever the tenant segment.
    ['https://login.microsoftonline.com/organizations', 'https://login.microsoftonline.com/organizations/v2.0/.well-known/openid-configuration'],
    ['https://login.microsoftonline.com/organizations/', 'https://login.microsoftonline.com/organizations/v2.0/.well-known/openid-configuration'],
    ['https://login.microsoftonline.com/common', 'https://login.microsoftonline.com/common/v2.0/.well-known/openid-configuration'],
    ['https://login.microsoftonline.com/consumers', 'https://login.microsoftonline.com/consumers/v2.0/.well-known/openid-configuration'],
    [`https://login.microsoftonline.com/${tenant}`, `https://login.microsoftonline.com/${tenant}/v2.0/.well-known/openid-configuration`],
    ['https://login.microsoftonline.com/contoso.onmicrosoft.com', 'https://login.microsoftonline.com/contoso.onmicrosoft.com/v2.0/.well-known/openid-configuration'],
    [`https://login.microsoftonline.com/${tenant}/v2.0`, `https://login.microsoftonline.com/${tenant}/v2.0/.well-known/openid-configuration`],
    [`https://login.microsoftonline.us/${tenant}`, `https://login.microsoftonline.us/${tenant}/v2.0/.well-known/openid-configuration`],
    // Any other provider: directly under the issuer, with or without a path or a trailing slash.
    ['https://idp.example', 'https://idp.example/.well-known/openid-configuration'],
    ['https://idp.example/', 'https://idp.example/.well-known/openid-configuration'],
    ['https://idp.example:8443', 'https://idp.example:8443/.well-known/openid-configuration'],
    ['https://idp.example/realms/acme', 'https://idp.example/realms/acme/.well-known/openid-configuration'],
    ['https://idp.example/realms/acme/', 'https://idp.example/realms/acme/.well-known/openid-configuration'],
    ['https://127.0.0.1:3003/microsoft/organizations/v2.0', 'https://127.0.0.1:3003/microsoft/organizations/v2.0/.well-known/openid-configuration'],
  ])('Microsoft authority %s → %s', (authority, url) => {
    expect(discoveryUrl('microsoft', authority)).toBe(url);
  });

  it.each([
    ['https://accounts.google.com', 'https://accounts.google.com/.well-known/openid-configuration'],
    ['https://accounts.google.com/', 'https://accounts.google.com/.well-known/openid-configuration'],
    ['https://idp.example/realms/acme', 'https://idp.example/realms/acme/.well-known/openid-configuration'],
    // A Microsoft host behind the Google button is still just an issuer.
    [`https://login.microsoftonline.com/${tenant}/v2.0`, `https://login.microsoftonline.com/${tenant}/v2.0/.well-known/openid-configuration`],
  ])('Google issuer %s → %s', (issuer, url) => {
    expect(discoveryUrl('google', issuer)).toBe(url);
  });

  it('knows Microsoft\'s hosts as MSAL does, and no look-alikes', () => {
    expect(isMicrosoftAuthorityHost('https://login.microsoftonline.com/common')).toBe(true);
    expect(isMicrosoftAuthorityHost('https://login.windows.net/common')).toBe(true);
    expect(isMicrosoftAuthorityHost('https://contoso.ciamlogin.com/contoso.onmicrosoft.com')).toBe(true);
    expect(isMicrosoftAuthorityHost('https://login.microsoftonline.com.evil.example/common')).toBe(false);
    expect(isMicrosoftAuthorityHost('https://idp.example/realms/acme')).toBe(false);
  });
});

/** An MSAL network module that records what MSAL asks for and answers with a discovery document. */
function recordingNetwork(document: Discovery) {
  const requested: string[] = [];
  const answer = <T>(url: string): Promise<NetworkResponse<T>> => {
    requested.push(url);
    return Promise.resolve({ headers: {}, body: document as T, status: 200 });
  };
  const networkClient: INetworkModule = { sendGetRequestAsync: answer, sendPostRequestAsync: answer };
  return { networkClient, requested };
}

function documentFor(base: string): Discovery {
  return {
    issuer: base,
    authorization_endpoint: `${base}/authorize`,
    token_endpoint: `${base}/token`,
    jwks_uri: `${base}/keys`,
  };
}

describe('MSAL and the shared document', () => {
  const client = { clientId: 'client', clientSecret: 'secret' };
  const authorities = [
    'https://login.microsoftonline.com/organizations',
    'https://login.microsoftonline.com/common',
    'https://login.microsoftonline.com/consumers',
    `https://login.microsoftonline.com/${tenant}`,
    'https://idp.example',
    'https://idp.example/realms/acme',
  ];

  async function authorizationUrlBy(authority: string, options: { shared: boolean }) {
    const document = documentFor(authority.includes('microsoftonline') ? `https://login.microsoftonline.com/${tenant}/v2.0` : authority);
    const { networkClient, requested } = recordingNetwork(document);
    const configuration = msalConfiguration({ ...client, authority }, document);
    if (!options.shared) delete configuration.auth.authorityMetadata;
    const msal = new ConfidentialClientApplication({ ...configuration, system: { ...configuration.system, networkClient } });
    const url = await msal.getAuthCodeUrl({ scopes: ['openid'], redirectUri: 'https://web.example.com/login/microsoft' });
    return { url: new URL(url), requested, document };
  }

  it.each([...authorities, 'https://login.microsoftonline.com/organizations/', `https://login.microsoftonline.com/${tenant}/v2.0`, 'https://idp.example/realms/acme/'])(
    'MSAL, in the mode we give it, names the same document as discoveryUrl (%s)',
    (authority) => {
      const mode = msalConfiguration({ ...client, authority }, documentFor(authority)).system?.protocolMode ?? ProtocolMode.AAD;
      const { networkClient } = recordingNetwork(documentFor(authority));
      const options = { protocolMode: mode as AuthorityProtocolMode, knownAuthorities: [], cloudDiscoveryMetadata: '', authorityMetadata: '' };
      const msalAuthority = new Authority(authority, networkClient, {} as never, options, new Logger({}), 'test', undefined as never);
      // Protected in MSAL's types; it is the address MSAL itself would fetch.
      const named = (msalAuthority as unknown as { defaultOpenIdConfigurationEndpoint: string }).defaultOpenIdConfigurationEndpoint;
      expect(named).toBe(discoveryUrl('microsoft', authority));
    },
  );

  it.each(['https://idp.example', 'https://idp.example/realms/acme'])('without our document, MSAL fetches that very one itself (%s)', async (authority) => {
    const { requested } = await authorizationUrlBy(authority, { shared: false });
    expect(requested).toEqual([discoveryUrl('microsoft', authority)]);
  });

  it.each(authorities)('with it, MSAL reads nothing and sends the browser to its endpoint (%s)', async (authority) => {
    const { url, requested, document } = await authorizationUrlBy(authority, { shared: true });
    expect(requested).toEqual([]);
    expect(`${url.origin}${url.pathname}`).toBe(document.authorization_endpoint);
  });
});

describe('discover: one fetch per document, with a lifetime', () => {
  const url = 'https://idp.example/.well-known/openid-configuration';
  const fetchMock = jest.fn<Promise<Response>, [string]>();

  beforeEach(() => {
    forgetDiscovery(url);
    fetchMock.mockReset();
    fetchMock.mockImplementation(() => Promise.resolve(Response.json(documentFor('https://idp.example'))));
    global.fetch = fetchMock as unknown as typeof fetch;
  });

  it('fetches once and reuses the document within its lifetime', async () => {
    await discover(url, { now: 0 });
    await discover(url, { now: DISCOVERY_MAX_AGE_MS - 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('fetches again once the lifetime is over, or after forgetDiscovery', async () => {
    await discover(url, { now: 0 });
    await discover(url, { now: DISCOVERY_MAX_AGE_MS });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    forgetDiscovery(url);
    await discover(url, { now: DISCOVERY_MAX_AGE_MS + 1 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('keeps no failure: the next sign-in tries again', async () => {
    fetchMock.mockImplementationOnce(() => Promise.reject(new TypeError('fetch failed')));
    await expect(discover(url, { now: 0 })).rejects.toBeInstanceOf(ProviderUnreachable);
    await expect(discover(url, { now: 1 })).resolves.toMatchObject({ issuer: 'https://idp.example' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('refuses a document that names another issuer than the one it was fetched for, and keeps nothing of it', async () => {
    fetchMock.mockImplementationOnce(() => Promise.resolve(Response.json(documentFor('https://evil.example'))));
    await expect(discover(url, { now: 0 })).rejects.toBeInstanceOf(DiscoveryIssuerMismatch);
    await expect(discover(url, { now: 1 })).resolves.toMatchObject({ issuer: 'https://idp.example' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('refuses an error page or a document without the endpoints', async () => {
    fetchMock.mockImplementationOnce(() => Promise.resolve(new Response('<html>', { status: 503 })));
    await expect(discover(url, { now: 0 })).rejects.toBeInstanceOf(ProviderUnreachable);
    fetchMock.mockImplementationOnce(() => Promise.resolve(Response.json({ issuer: 'https://idp.example' })));
    await expect(discover(url, { now: 1 })).rejects.toBeInstanceOf(ProviderUnreachable);
  });
});

describe('issuerMatchesDiscoveryUrl: the document names the issuer it was fetched for (OpenID Connect Discovery 4.3)', () => {
  const at = (issuer: string) => `${issuer}/.well-known/openid-configuration`;
  it.each([
    ['https://accounts.google.com', at('https://accounts.google.com'), true],
    ['https://idp.example/realms/acme', at('https://idp.example/realms/acme'), true],
    ['https://idp.example/realms/acme/', at('https://idp.example/realms/acme'), true],
    [`https://login.microsoftonline.com/${tenant}/v2.0`, at(`https://login.microsoftonline.com/${tenant}/v2.0`), true],
    // Entra's multi-tenant template, the only difference allowed.
    ['https://login.microsoftonline.com/{tenantid}/v2.0', at('https://login.microsoftonline.com/organizations/v2.0'), true],
    ['https://login.microsoftonline.com/{tenantid}/v2.0', at('https://login.microsoftonline.com/common/v2.0'), true],
    ['https://login.microsoftonline.com/{tenantid}/v2.0', at(`https://login.microsoftonline.com/${tenant}/v2.0`), false],
    ['https://login.microsoftonline.com/{tenantid}/v2.0', at('https://login.microsoftonline.us/organizations/v2.0'), false],
    ['https://evil.example', at('https://idp.example'), false],
    ['https://idp.example/realms/other', at('https://idp.example/realms/acme'), false],
    ['https://idp.example/realms/acme/extra', at('https://idp.example/realms/acme'), false],
    ['https://idp.example', at('https://idp.example/realms/acme'), false],
    ['http://idp.example', at('https://idp.example'), false],
    ['{tenantid}', at('https://idp.example'), false],
  ])('issuer %s at %s: %s', (issuer, url, matches) => {
    expect(issuerMatchesDiscoveryUrl(issuer, url)).toBe(matches);
  });
});
