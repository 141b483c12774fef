import { parseCookieHeader } from '@/lib/platform/cookies';
import { isPrerenderedLoginPath, prerenderedLogin } from '@/lib/platform/pages/login-page-variant';

function loginLoad({ method = 'GET', pathname = '/en', query = '', cookie = '' } = {}) {
  return prerenderedLogin({ method, pathname, query: new URLSearchParams(query), received: parseCookieHeader(cookie) });
}

describe('which login page a request gets', () => {
  it('gives a first visit the prerendered page of its language, in every language', () => {
    expect(loginLoad()).toEqual({ variant: 'none', path: '/en/as-last-used/none' });
    expect(loginLoad({ pathname: '/nl', method: 'HEAD' })).toEqual({ variant: 'none', path: '/nl/as-last-used/none' });
  });

  it('gives a browser the page that offers its last method first', () => {
    expect(loginLoad({ cookie: '__Host-lastSignInMethod=google' })?.path).toBe('/en/as-last-used/google');
    expect(loginLoad({ pathname: '/de', cookie: '__Host-lastSignInMethod=email' })?.path).toBe('/de/as-last-used/email');
  });

  it('reads a method it does not know, or one sent twice, as none', () => {
    expect(loginLoad({ cookie: '__Host-lastSignInMethod=evil' })?.variant).toBe('none');
    expect(loginLoad({ cookie: '__Host-lastSignInMethod=google; __Host-lastSignInMethod=microsoft' })?.variant).toBe('none');
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
