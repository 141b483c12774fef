import { routeLanguage } from '@/lib/i18n/language-routing';
import { preferredLanguage } from '@/lib/i18n/routing';

describe('preferredLanguage', () => {
  it.each<[string | null | undefined, string]>([
    ['de', 'de'],
    ['nl-NL,nl;q=0.9,en;q=0.8', 'nl'],
    ['de-CH', 'de'],
    ['en-GB,en;q=0.9', 'en'],
    ['fr;q=0.9, de;q=0.8, nl;q=0.95', 'nl'],
    ['en;q=0.2, de', 'de'],
    ['fr-FR, de;q=0.5', 'de'],
    ['de;q=0, nl', 'nl'],
    ['DE-at', 'de'],
    ['fr, es, it', 'en'],
    ['nl;q=abc, de;q=0.1', 'de'],
    ['*', 'en'],
    [';;;,,,q=', 'en'],
    ['', 'en'],
    [null, 'en'],
    [undefined, 'en'],
  ])('%j → %s', (acceptLanguage, language) => {
    expect(preferredLanguage(acceptLanguage)).toBe(language);
  });
});

describe('routeLanguage', () => {
  it.each(['/en', '/de/', '/nl/mail-sent', '/en/signup', '/api/status', '/locale', '/start-google', '/start-microsoft'])(
    'serves %s as it is',
    (pathname) => {
      expect(routeLanguage(pathname, 'de')).toEqual({ action: 'serve' });
    },
  );

  it.each([
    ['/totp', 'de', '/de/totp'],
    ['/validatelink', 'nl-BE', '/nl/validatelink'],
    ['/invite-user/x', 'de-CH', '/de/invite-user/x'],
    ['/invite-user/x', null, '/en/invite-user/x'],
    ['/signup', 'fr', '/en/signup'],
  ])('redirects %s into the browser language (%s): %s', (pathname, acceptLanguage, rewritten) => {
    expect(routeLanguage(pathname, acceptLanguage)).toEqual({ action: 'redirect', pathname: rewritten });
  });

  it.each([
    ['/', 'nl', '/nl'],
    ['', 'de', '/de'],
    ['/unknown-page', 'de', '/de'],
    ['/fr/totp', 'fr', '/en'],
    ['/EN', null, '/en'],
    // Percent-escapes Next cannot decode: a bare 500 if served.
    ['/en/%ff', 'de', '/de'],
    ['/nl/invite-user/%zz', null, '/en'],
    ['/api/health/%', 'nl', '/nl'],
    ['/locale/%c0%af', null, '/en'],
  ])('redirects %s (%s) to %s', (pathname, acceptLanguage, target) => {
    expect(routeLanguage(pathname, acceptLanguage)).toEqual({ action: 'redirect', pathname: target });
  });
});
