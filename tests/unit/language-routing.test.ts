import { routeLanguage } from '@/lib/platform/pages/language-routing';
import { defaultLanguage, isLanguage, languages, preferredLanguage } from '@/lib/platform/i18n/routing';

/**
 * Languages the app does not speak, whatever is added to lib/vocabulary/languages.ts: ISO 639-1 assigns
 * none of these codes, so no real language can ever take them.
 */
const FOREIGN = ['xx', 'xy', 'xz'] as const;

it('the foreign languages of these cases are none of ours', () => {
  for (const code of FOREIGN) expect(isLanguage(code)).toBe(false);
  expect(isLanguage(defaultLanguage)).toBe(true);
});

describe.each(languages)('every language of the registry: %s', (language) => {
  it('is preferred by a browser that asks for it or a regional variant of it', () => {
    expect(preferredLanguage(`${language}-XX, xx;q=0.5`)).toBe(language);
    expect(preferredLanguage(`xx, ${language.toUpperCase()};q=0.1`)).toBe(language);
  });

  it('is served at its own path, and pages without a language go there', () => {
    expect(routeLanguage(`/${language}/mail-sent`, 'xx')).toEqual({ action: 'serve' });
    expect(routeLanguage('/totp', language)).toEqual({ action: 'redirect', pathname: `/${language}/totp` });
  });
});

describe('preferredLanguage', () => {
  it.each<[string | null | undefined, string]>([
    ['de', 'de'],
    ['nl-NL,nl;q=0.9,en;q=0.8', 'nl'],
    ['de-CH', 'de'],
    ['en-GB,en;q=0.9', 'en'],
    ['xx;q=0.9, de;q=0.8, nl;q=0.95', 'nl'],
    ['en;q=0.2, de', 'de'],
    ['xx-XX, de;q=0.5', 'de'],
    ['de;q=0, nl', 'nl'],
    ['DE-at', 'de'],
    ['xx, xy, xz', 'en'],
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
    ['/signup', 'xx', '/en/signup'],
  ])('redirects %s into the browser language (%s): %s', (pathname, acceptLanguage, rewritten) => {
    expect(routeLanguage(pathname, acceptLanguage)).toEqual({ action: 'redirect', pathname: rewritten });
  });

  it.each([
    ['/', 'nl', '/nl'],
    ['', 'de', '/de'],
    ['/unknown-page', 'de', '/de'],
    ['/xx/totp', 'xx', '/en'],
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
