import { requestIdFrom } from '@/lib/platform/observability/request-id';
import {
  ASSET_CONTENT_SECURITY_POLICY,
  createNonce,
  pageContentSecurityPolicy,
  pageContentSecurityPolicyWithNonce,
  STATIC_SECURITY_HEADERS,
} from '@/lib/platform/pages/security-headers';

const targets = {
  protocol: 'https' as const,
  appDomains: ['example.com', 'example.org'],
  port: '8443',
  redirectAllowlist: ['deskbooking://sso', 'https://cc.example.com/sso', 'not a url'],
};

function directives(policy: string): Map<string, string[]> {
  return new Map(policy.split(';').map((part) => {
    const [name = '', ...sources] = part.trim().split(/\s+/);
    return [name, sources];
  }));
}

describe('the page policy', () => {
  const policy = directives(pageContentSecurityPolicy({ nonce: 'abc123' }, targets));

  it('is the same when built once and given each response\'s nonce', () => {
    const withNonce = pageContentSecurityPolicyWithNonce(targets);
    expect(withNonce('abc123')).toBe(pageContentSecurityPolicy({ nonce: 'abc123' }, targets));
    expect(withNonce('xyz789')).toBe(pageContentSecurityPolicy({ nonce: 'xyz789' }, targets));
  });

  it('lets scripts run only under the nonce and what they load, nothing by address', () => {
    expect(policy.get('script-src')).toEqual(["'nonce-abc123'", "'strict-dynamic'"]);
    expect(policy.get('default-src')).toEqual(["'none'"]);
  });

  it('forbids frames around it, plugins and <base>', () => {
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
  });

  it('lets a form lead to an organisation host on the same port and to allowlisted apps, nowhere else', () => {
    expect(policy.get('form-action')).toEqual([
      "'self'",
      'https://*.example.com:8443',
      'https://*.example.org:8443',
      'deskbooking:',
      'https://cc.example.com',
    ]);
  });

  it('never allows inline scripts or eval in production; development adds only what next dev needs', () => {
    expect(pageContentSecurityPolicy({ nonce: 'n' }, targets)).not.toMatch(/unsafe-(inline|eval)/);
    const development = directives(pageContentSecurityPolicy({ nonce: 'n' }, targets, true));
    expect(development.get('script-src')).toContain("'unsafe-eval'");
    expect(development.get('script-src')).not.toContain("'unsafe-inline'");
  });
});

describe('the policy of a prerendered page', () => {
  const scripts = { inlineHashes: ["'sha256-one'", "'sha256-two'"], buildAssets: 'https://web.example.com:8443/login/_next/static/' };
  const policy = directives(pageContentSecurityPolicy(scripts, targets));

  it('admits its inline scripts by their hashes and other scripts only from the build\'s own folder', () => {
    expect(policy.get('script-src')).toEqual(["'sha256-one'", "'sha256-two'", 'https://web.example.com:8443/login/_next/static/']);
  });

  it('carries no nonce, no strict-dynamic and nothing unsafe, and keeps every other directive of a page', () => {
    const text = pageContentSecurityPolicy(scripts, targets);
    expect(text).not.toMatch(/nonce|strict-dynamic|unsafe/);
    const withNonce = directives(pageContentSecurityPolicy({ nonce: 'n' }, targets));
    for (const name of ['default-src', 'style-src', 'form-action', 'frame-ancestors', 'base-uri', 'object-src']) {
      expect(policy.get(name)).toEqual(withNonce.get(name));
    }
  });
});

describe('nonces', () => {
  it('are 128 random bits, new each time', () => {
    const nonces = new Set(Array.from({ length: 1000 }, createNonce));
    expect(nonces.size).toBe(1000);
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
  });
});

describe('the fixed headers', () => {
  it('keep the site in HTTPS for a year, out of frames, unsniffed and without referrers to other sites', () => {
    expect(STATIC_SECURITY_HEADERS['Strict-Transport-Security']).toBe('max-age=31536000; includeSubDomains');
    expect(STATIC_SECURITY_HEADERS['X-Frame-Options']).toBe('DENY');
    expect(STATIC_SECURITY_HEADERS['X-Content-Type-Options']).toBe('nosniff');
    expect(STATIC_SECURITY_HEADERS['Referrer-Policy']).toBe('same-origin');
    expect(STATIC_SECURITY_HEADERS['Cross-Origin-Opener-Policy']).toBe('same-origin');
  });

  it('give assets a policy that allows nothing', () => {
    expect(directives(ASSET_CONTENT_SECURITY_POLICY).get('default-src')).toEqual(["'none'"]);
  });
});

describe('request ids', () => {
  const headers = (value?: string) => new Headers(value === undefined ? {} : { 'x-request-id': value });

  it('keeps a safe id from the reverse proxy', () => {
    expect(requestIdFrom(headers('0f3c9a2b7d1e4c55'))).toBe('0f3c9a2b7d1e4c55');
  });

  it.each(['', 'short', 'has space in it', '{"level":60}-forged', 'a'.repeat(129), '"quoted-value"'])('replaces %j', (value) => {
    expect(requestIdFrom(headers(value))).toMatch(/^[0-9a-f-]{36}$/);
  });
});
