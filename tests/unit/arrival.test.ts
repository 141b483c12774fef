import { ARRIVAL_BUDGET_MS, organisationOfTrayConfig, resolveArrival, type ArrivalChecks, type ArrivalRequest } from '@/lib/flows/arrival';

const domains = ['example.com'];
const unavailable = { ok: false, failure: { kind: 'unavailable' } } as const;
const notFound = { ok: false, failure: { kind: 'code', code: 'NOT_FOUND', status: 404 } } as const;

function checks(overrides: Partial<ArrivalChecks> = {}): ArrivalChecks & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    isTokenAccepted: jest.fn(async () => (calls.push('users/me'), notFound)),
    isValidDeviceId: jest.fn(async () => (calls.push('isValidDeviceId'), notFound)),
    organisationsOfNetwork: jest.fn(async () => (calls.push('orgs/me'), { ok: true as const, value: [] })),
    ...overrides,
  };
}

function arrival(overrides: Partial<ArrivalRequest> = {}): ArrivalRequest {
  return {
    fetchDestination: 'document',
    query: new URLSearchParams(),
    lastLogin: undefined,
    deviceId: undefined,
    subDomainCookie: undefined,
    clientAddress: '203.0.113.7',
    ...overrides,
  };
}

describe('resolveArrival', () => {
  it('sends a stored sign-in whose token is still accepted to its organisation, asking nothing else', async () => {
    const backend = checks({ isTokenAccepted: jest.fn(async () => ({ ok: true as const, value: true as const })) });
    const result = await resolveArrival(arrival({ lastLogin: { subDomain: 'acme', authToken: 't' }, deviceId: 'd' }), backend, domains);
    expect(result).toEqual({ kind: 'organisation', subDomain: 'acme' });
    expect(backend.isValidDeviceId).not.toHaveBeenCalled();
  });

  it('goes on to the device id when the stored token is refused', async () => {
    const backend = checks({
      isValidDeviceId: jest.fn(async () => ({ ok: true as const, value: { subDomain: 'globex', accessToken: 'a' } })),
    });
    const result = await resolveArrival(arrival({ lastLogin: { subDomain: 'acme', authToken: 'old' }, deviceId: 'd' }), backend, domains);
    expect(result).toEqual({ kind: 'device-sign-in', subDomain: 'globex', accessToken: 'a' });
  });

  it('then the sub-domain cookie, then the network address, in that order', async () => {
    const backend = checks();
    expect(await resolveArrival(arrival({ deviceId: 'd', subDomainCookie: 'Initech' }), backend, domains)).toEqual({
      kind: 'organisation',
      subDomain: 'initech',
    });
    expect(backend.calls).toEqual(['isValidDeviceId']);

    const network = checks({
      organisationsOfNetwork: jest.fn(async () => ({ ok: true as const, value: [{ trayConfigUrl: 'https://globex.example.com/tray/config' }] })),
    });
    expect(await resolveArrival(arrival(), network, domains)).toEqual({ kind: 'tray-host', subDomain: 'globex', domain: 'example.com' });
  });

  it('asks nothing about the network when there is no client address: the backend would see this app\'s own', async () => {
    const backend = checks({
      organisationsOfNetwork: jest.fn(async () => ({ ok: true as const, value: [{ trayConfigUrl: 'https://globex.example.com/tray/config' }] })),
    });
    expect(await resolveArrival(arrival({ clientAddress: undefined }), backend, domains)).toEqual({ kind: 'show-login', forgetBrowser: false });
    expect(backend.organisationsOfNetwork).not.toHaveBeenCalled();
  });

  it.each([
    ['inside a frame', { fetchDestination: 'iframe' }],
    ['when logged out', { query: new URLSearchParams('from=web') }],
    ['back from a finished choice of organisation', { query: new URLSearchParams('from=picker') }],
    ['when an error is set', { query: new URLSearchParams('error=unknown') }],
  ])('does nothing %s, and asks the backend nothing', async (_case, overrides) => {
    const backend = checks();
    const result = await resolveArrival(
      arrival({ ...overrides, lastLogin: { subDomain: 'acme', authToken: 't' }, subDomainCookie: 'acme' }),
      backend,
      domains,
    );
    expect(result.kind).toBe('show-login');
    expect(backend.calls).toEqual([]);
  });

  it('forgets the browser\'s sign-in on ?from=web, stored or not, and asks nothing', async () => {
    const backend = checks();
    const result = await resolveArrival(arrival({ query: new URLSearchParams('from=web'), lastLogin: { subDomain: 'acme', authToken: 't' }, deviceId: 'd' }), backend, domains);
    expect(result).toEqual({ kind: 'show-login', forgetBrowser: true });
    expect(await resolveArrival(arrival({ query: new URLSearchParams('from=web'), deviceId: 'd' }), backend, domains)).toEqual({ kind: 'show-login', forgetBrowser: true });
    expect(backend.calls).toEqual([]);
  });

  it('shows the login page when the backend is down', async () => {
    const backend = checks({
      isTokenAccepted: jest.fn(async () => unavailable),
      isValidDeviceId: jest.fn(async () => unavailable),
      organisationsOfNetwork: jest.fn(async () => unavailable),
    });
    const result = await resolveArrival(arrival({ lastLogin: { subDomain: 'acme', authToken: 't' }, deviceId: 'd' }), backend, domains);
    expect(result).toEqual({ kind: 'show-login', forgetBrowser: false });
  });

  it('shares one time budget among its calls, and stops asking once it is spent', async () => {
    let clock = 0;
    const timeouts: number[] = [];
    const backend = checks({
      isTokenAccepted: jest.fn(async (_s: string, _t: string, timeoutMs: number) => {
        timeouts.push(timeoutMs);
        clock += ARRIVAL_BUDGET_MS;
        return unavailable;
      }),
    });
    const result = await resolveArrival(arrival({ lastLogin: { subDomain: 'acme', authToken: 't' }, deviceId: 'd' }), backend, domains, () => clock);
    expect(timeouts).toEqual([ARRIVAL_BUDGET_MS]);
    expect(backend.isValidDeviceId).not.toHaveBeenCalled();
    expect(backend.organisationsOfNetwork).not.toHaveBeenCalled();
    expect(result.kind).toBe('show-login');
  });

  it('never follows a stored sub-domain that is not a single DNS label', async () => {
    const result = await resolveArrival(arrival({ subDomainCookie: 'evil.com/x' }), checks(), domains);
    expect(result.kind).toBe('show-login');
  });
});

describe('organisationOfTrayConfig', () => {
  it.each([
    ['https://globex.example.com/tray/config', 'globex'],
    ['https://globex.example.com/tray/config/', 'globex'],
    ['https://Globex.example.com/tray/config', 'globex'],
    // Only the label counts: no path, port or credentials of the backend's URL reach the hand-off.
    ['https://globex.example.com:8443/office/tray/config', 'globex'],
    ['https://acme.example.com//evil.com/', 'acme'],
    ['https://acme.example.com/%2F%2Fevil.com/tray/config', 'acme'],
    ['https://user:pass@globex.example.com/tray/config', 'globex'],
  ])('%s is %s', (tray, subDomain) => {
    expect(organisationOfTrayConfig(tray, domains)).toEqual({ subDomain, domain: 'example.com' });
  });

  it.each([
    'https://evil.com/tray/config',
    'https://example.com.evil.com/tray/config',
    'https://evilexample.com/tray/config',
    'http://globex.example.com/tray/config',
    'https://a.b.example.com/tray/config',
    'https://example.com/tray/config',
    'javascript:alert(1)//globex.example.com',
    'not a url',
  ])('refuses %s', (tray) => {
    expect(organisationOfTrayConfig(tray, domains)).toBeUndefined();
  });
});
