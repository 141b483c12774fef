import type { IncomingHttpHeaders } from 'node:http';
import { analyzeScan, getScoreModifier, type ScanResult } from '../e2e/observatory/index.js';
import { assembleRequests, type Exchange } from '../e2e/observatory/retrieve';

/**
 * The vendored MDN HTTP Observatory grades hand-built responses as its published rules say,
 * through the same assembly of its `Requests` object that the end-to-end scoring uses.
 */

const PAGE = 'https://web.example.com/login/en';
const NONCE = 'bm9uY2UtZm9yLXRlc3Rz';
const STRICT_CSP = `default-src 'self'; script-src 'nonce-${NONCE}' 'strict-dynamic'; style-src 'self' 'nonce-${NONCE}'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'`;
const PAGE_BODY = `<!DOCTYPE html><html><head><script nonce="${NONCE}" src="/login/_next/static/chunks/main.js" async></script></head><body><h1>Sign in</h1></body></html>`;

const FULL_SET: IncomingHttpHeaders = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': STRICT_CSP,
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  'set-cookie': ['loginUUID=0f9e; Domain=example.com; Path=/; Max-Age=2592000; Secure; HttpOnly; SameSite=Lax'],
};

function exchange(url: string, status: number, headers: IncomingHttpHeaders, body = ''): Exchange {
  return { url: new URL(url), status, statusText: '', headers, body, sent: {} };
}

const HTTP_TO_HTTPS = [exchange('http://web.example.com/login/en', 301, { location: PAGE }), exchange(PAGE, 200, {})];

function scan(headers: IncomingHttpHeaders, { body = PAGE_BODY, httpChain = HTTP_TO_HTTPS } = {}): ScanResult {
  const route = exchange(PAGE, 200, headers, body);
  return analyzeScan(assembleRequests(route, httpChain, [exchange(PAGE, 204, {})]));
}

function without(name: string): IncomingHttpHeaders {
  const { [name]: _removed, ...rest } = FULL_SET;
  return rest;
}

function failed(result: ScanResult): string[] {
  return Object.entries(result.tests)
    .filter(([, test]) => !test.pass)
    .map(([name, test]) => `${name}: ${test.result}`);
}

describe('the vendored Observatory grader', () => {
  it('gives A+ to the full set of headers, with every one of its 12 tests passed', () => {
    const result = scan(FULL_SET);
    expect(failed(result)).toEqual([]);
    expect(result.scan).toMatchObject({ grade: 'A+', testsPassed: 12, testsQuantity: 12 });
    expect(result.tests['content-security-policy']?.result).toBe('csp-implemented-with-no-unsafe');
    expect(result.tests['cookies']?.result).toBe('cookies-secure-with-httponly-sessions-and-samesite');
    expect(result.tests['redirection']?.result).toBe('redirection-to-https');
    expect(result.tests['subresource-integrity']?.result).toBe('sri-not-implemented-but-all-scripts-loaded-from-secure-origin');
  });

  it('fails a page without any security header and without a redirect from http', () => {
    const result = scan({ 'content-type': 'text/html' }, { httpChain: [exchange('http://web.example.com/login/en', 200, {})] });
    expect(result.scan.grade).toBe('F');
    expect(result.tests['content-security-policy']?.result).toBe('csp-not-implemented');
    expect(result.tests['strict-transport-security']?.result).toBe('hsts-not-implemented');
    expect(result.tests['redirection']?.result).toBe('redirection-missing');
    expect(result.tests['x-frame-options']?.result).toBe('x-frame-options-not-implemented');
  });

  it("penalises 'unsafe-inline' in script-src by 20 points, which costs the A", () => {
    const result = scan({ ...FULL_SET, 'content-security-policy': STRICT_CSP.replace(`'nonce-${NONCE}' 'strict-dynamic'`, "'self' 'unsafe-inline'") });
    const csp = result.tests['content-security-policy'];
    expect(csp?.result).toBe('csp-implemented-with-unsafe-inline');
    expect(csp?.scoreModifier).toBe(-20);
    expect(result.scan).toMatchObject({ grade: 'B+', score: 80 });
  });

  it("ignores 'unsafe-inline' next to a nonce, as browsers do (the fallback for old browsers)", () => {
    const result = scan({ ...FULL_SET, 'content-security-policy': STRICT_CSP.replace("'strict-dynamic'", "'strict-dynamic' 'unsafe-inline' https:") });
    expect(result.tests['content-security-policy']?.result).toBe('csp-implemented-with-no-unsafe');
    expect(result.scan.grade).toBe('A+');
  });

  it("penalises 'unsafe-eval' by 10 points", () => {
    const result = scan({ ...FULL_SET, 'content-security-policy': STRICT_CSP.replace("'strict-dynamic'", "'strict-dynamic' 'unsafe-eval'") });
    expect(result.tests['content-security-policy']?.result).toBe('csp-implemented-with-unsafe-eval');
    expect(result.tests['content-security-policy']?.scoreModifier).toBe(getScoreModifier('csp-implemented-with-unsafe-eval'));
    expect(result.tests['content-security-policy']?.scoreModifier).toBe(-10);
  });

  it('drops to B+ without HSTS: 20 points off, and no extra credit below 90', () => {
    const result = scan(without('strict-transport-security'));
    expect(result.tests['strict-transport-security']?.result).toBe('hsts-not-implemented');
    expect(result.scan).toMatchObject({ grade: 'B+', score: 80 });
  });

  it('keeps A+ without X-Content-Type-Options (5 points off, made up by extra credit), but counts the test as failed', () => {
    const result = scan(without('x-content-type-options'));
    expect(failed(result)).toEqual(['x-content-type-options: x-content-type-options-not-implemented']);
    expect(result.scan.grade).toBe('A+');
  });

  it('takes 30 points for a session cookie readable by scripts: 70 is a B', () => {
    const result = scan({ ...FULL_SET, 'set-cookie': ['loginUUID=0f9e; Domain=example.com; Path=/; Secure; SameSite=Lax'] });
    expect(result.tests['cookies']?.result).toBe('cookies-session-without-httponly-flag');
    expect(result.scan).toMatchObject({ grade: 'B', score: 70 });
  });

  it('counts a referrer policy that leaks the full URL as unsafe', () => {
    const result = scan({ ...FULL_SET, 'referrer-policy': 'unsafe-url' });
    expect(result.tests['referrer-policy']?.result).toBe('referrer-policy-unsafe');
    expect(result.tests['referrer-policy']?.pass).toBe(false);
  });

  it('reads a policy from a <meta> element too, where http-equiv would carry it', () => {
    const body = `<html><head><meta http-equiv="Content-Security-Policy" content="${STRICT_CSP}"></head></html>`;
    const result = scan(without('content-security-policy'), { body });
    expect(result.tests['content-security-policy']).toMatchObject({ result: 'csp-implemented-with-no-unsafe', meta: true, http: false });
  });
});
