import { loginOrigin, organisationUrl, resolveRequestHost, webOrigin, type RequestHost } from '@/lib/platform/hosts';

const domains = ['example.com', 'test.example.com'];

function headers(values: Record<string, string>) {
  return new Headers(values);
}

describe('resolveRequestHost', () => {
  it.each<[string, string, Pick<RequestHost, 'domain' | 'hostname' | 'port'>]>([
    ['a configured domain', 'example.com', { domain: 'example.com', hostname: 'example.com', port: '' }],
    ['a sub-domain of it', 'web.example.com', { domain: 'example.com', hostname: 'web.example.com', port: '' }],
    ['a port', 'web.example.com:8443', { domain: 'example.com', hostname: 'web.example.com', port: '8443' }],
    ['upper case', 'WEB.Example.COM', { domain: 'example.com', hostname: 'web.example.com', port: '' }],
    ['the longer of two matching domains', 'web.test.example.com', { domain: 'test.example.com', hostname: 'web.test.example.com', port: '' }],
    ['the longer domain itself', 'test.example.com:3000', { domain: 'test.example.com', hostname: 'test.example.com', port: '3000' }],
  ])('uses the Host header on %s', (_case, host, expected) => {
    expect(resolveRequestHost(headers({ host }), domains)).toEqual({ protocol: 'https', ...expected });
  });

  it.each([
    ['a foreign host', 'evil.com'],
    ['a foreign host with a port', 'evil.com:8443'],
    ['a configured domain as a prefix of a foreign one', 'example.com.evil.com'],
    ['a configured domain as a suffix without a dot', 'evilexample.com'],
    ['an empty Host', ''],
    ['a Host with a space', 'a b'],
    ['a Host with user info', 'x@y'],
    ['user info in front of a configured domain', 'evil.com@web.example.com'],
    ['a port that is not a number', 'web.example.com:http'],
    ['a port past 65535', 'web.example.com:99999'],
    ['port 0', 'web.example.com:0'],
    ['a port with a leading zero', 'web.example.com:0443'],
  ])('falls back to web.<first domain> without port for %s', (_case, host) => {
    expect(resolveRequestHost(headers({ host }), domains)).toEqual({
      protocol: 'https',
      domain: 'example.com',
      hostname: 'web.example.com',
      port: '',
    });
  });

  it('falls back when there is no Host header at all', () => {
    expect(resolveRequestHost(headers({}), domains).hostname).toBe('web.example.com');
  });

  it.each([
    [{ 'x-forwarded-proto': 'http' }, 'http'],
    [{ 'x-forwarded-proto': 'http, https' }, 'http'],
    [{ 'x-forwarded-proto': 'https' }, 'https'],
    [{ 'x-forwarded-proto': 'gopher' }, 'https'],
    [{}, 'https'],
  ])('with %j uses %s', (forwarded, protocol) => {
    expect(resolveRequestHost(headers({ host: 'web.example.com', ...forwarded }), domains).protocol).toBe(protocol);
  });
});

describe('addresses built from the request host', () => {
  const host = resolveRequestHost(headers({ host: 'web.example.com:8443', 'x-forwarded-proto': 'http' }), domains);

  it('organisationUrl replaces the host with <sub>.<domain> and keeps protocol and port', () => {
    expect(organisationUrl(host, 'acme')).toBe('http://acme.example.com:8443/');
  });

  it('organisationUrl has no port when the request had none', () => {
    expect(organisationUrl(resolveRequestHost(headers({ host: 'login.test.example.com' }), domains), 'acme')).toBe(
      'https://acme.test.example.com/',
    );
  });

  it('loginOrigin is the host the browser used; webOrigin is web.<domain>', () => {
    const other = resolveRequestHost(headers({ host: 'login.example.com:8443' }), domains);
    expect(loginOrigin(other)).toBe('https://login.example.com:8443');
    expect(webOrigin(other)).toBe('https://web.example.com:8443');
  });
});
