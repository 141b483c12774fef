import { parseCookieHeader } from '@/lib/platform/cookies';
import { isPrerenderedLoginPath, loginPageVariants, prerenderedLogin, variantOfSegment, variantSegment } from '@/lib/platform/pages/login-page-variant';
import type { ProviderId } from '@/lib/vocabulary/providers';

function loginLoad({ method = 'GET', pathname = '/en', query = '', cookie = '', offered = ['google', 'microsoft'] as ProviderId[] } = {}) {
  return prerenderedLogin({ method, offered, pathname, query: new URLSearchParams(query), received: parseCookieHeader(cookie) });
}

describe('which login page a request gets', () => {
  it('gives a first visit the prerendered page of its language, in every language', () => {
    expect(loginLoad()).toEqual({ variant: 'none.google.microsoft', path: '/en/as-last-used/none.google.microsoft' });
    expect(loginLoad({ pathname: '/nl', method: 'HEAD' })).toEqual({ variant: 'none.google.microsoft', path: '/nl/as-last-used/none.google.microsoft' });
  });

  it('gives a browser the page that offers its last method first', () => {
    expect(loginLoad({ cookie: '__Host-lastSignInMethod=google' })?.path).toBe('/en/as-last-used/google.google.microsoft');
    expect(loginLoad({ pathname: '/de', cookie: '__Host-lastSignInMethod=email' })?.path).toBe('/de/as-last-used/email.google.microsoft');
  });

  it('reads a method it does not know, or one sent twice, as none', () => {
    expect(loginLoad({ cookie: '__Host-lastSignInMethod=evil' })?.variant).toBe('none.google.microsoft');
    expect(loginLoad({ cookie: '__Host-lastSignInMethod=google; __Host-lastSignInMethod=microsoft' })?.variant).toBe('none.google.microsoft');
  });

  it('renders per request what needs the server: an error to show, a kept address, a form post', () => {
    expect(loginLoad({ query: 'error=sso-start-again' })).toBeUndefined();
    expect(loginLoad({ cookie: '__Host-keptAddress=sealed' })).toBeUndefined();
    expect(loginLoad({ method: 'POST' })).toBeUndefined();
    // The control: the same request without them is prerendered, whatever else its query says.
    expect(loginLoad({ query: 'from=web' })).toBeDefined();
  });

  it('concerns the login page only', () => {
    expect(loginLoad({ pathname: '/en/mail-sent' })).toBeUndefined();
    // `xx` is no language (docs/contributing.md, A language); a real code such as `fr` may one day be ours.
    expect(loginLoad({ pathname: '/xx' })).toBeUndefined();
    expect(loginLoad({ pathname: '/' })).toBeUndefined();
  });

  it('knows the prerendered pages\' own paths, which no browser may ask for', () => {
    expect(isPrerenderedLoginPath('/en/as-last-used/google')).toBe(true);
    expect(isPrerenderedLoginPath('/de/as-last-used')).toBe(true);
    expect(isPrerenderedLoginPath('/en/mail-sent')).toBe(false);
    expect(isPrerenderedLoginPath('/as-last-used/none')).toBe(false);
  });
});

describe('the providers a deployment offers', () => {
  it('are part of the page it gets: one provider, or none at all', () => {
    expect(loginLoad({ offered: ['google'] })?.path).toBe('/en/as-last-used/none.google');
    expect(loginLoad({ offered: [] })?.path).toBe('/en/as-last-used/none');
    expect(loginLoad({ offered: ['microsoft', 'google'] })?.variant).toBe('none.google.microsoft');
  });

  it('decide whether the method used last goes first: a provider no longer offered does not', () => {
    expect(loginLoad({ offered: ['google'], cookie: '__Host-lastSignInMethod=microsoft' })?.variant).toBe('none.google');
    expect(loginLoad({ offered: [], cookie: '__Host-lastSignInMethod=email' })?.variant).toBe('email');
    // The control: offered, it does.
    expect(loginLoad({ offered: ['microsoft'], cookie: '__Host-lastSignInMethod=microsoft' })?.variant).toBe('microsoft.microsoft');
  });

  it('give every page the proxy can choose a prerendered variant, each read back as itself', () => {
    const segments = loginPageVariants().map(variantSegment);
    expect(new Set(segments).size).toBe(segments.length);
    for (const segment of segments) expect(variantSegment(variantOfSegment(segment)!)).toBe(segment);
    for (const offered of [[], ['google'], ['microsoft'], ['google', 'microsoft']] as ProviderId[][]) {
      for (const cookie of ['', '__Host-lastSignInMethod=email', '__Host-lastSignInMethod=google', '__Host-lastSignInMethod=microsoft']) {
        expect(segments).toContain(loginLoad({ offered, cookie })!.variant);
      }
    }
  });

  it('reads no other segment as a variant', () => {
    for (const segment of ['', 'evil', 'none.evil', 'none.microsoft.google', 'none.google.google', 'none..google']) {
      expect(variantOfSegment(segment)).toBeUndefined();
    }
    expect(variantOfSegment('none.google')).toEqual({ lastUsed: undefined, offered: ['google'] });
  });
});
