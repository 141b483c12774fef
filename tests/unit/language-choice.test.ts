import { parseCookieHeader } from '@/lib/platform/cookies';
import { deliberateLanguage } from '@/lib/flows/email-sign-in/link-requests';
import { keptQuery, languageChoice, languageLinkHref, languageOfBrowser, readChosenLanguage, routeLanguage } from '@/lib/platform/pages/language-routing';

/** Issue 49: the language links keep the view; the choice is remembered, and only a language of ours is believed. */

const query = (search: string) => new URLSearchParams(search);

describe('languageChoice: where a language link leads', () => {
  it.each([
    ['/en/mail-sent', 'chosen-language=de', { language: 'de', pathname: '/de/mail-sent', search: '' }],
    ['/en', 'error=link-expired&chosen-language=nl', { language: 'nl', pathname: '/nl', search: '' }],
    ['/de/microsoft/open-app', 'chosen-language=en', { language: 'en', pathname: '/en/microsoft/open-app', search: '' }],
    // The views of an e-mailed link keep their query, and say that the language was chosen.
    ['/en/bookings-extend', 'userAction=cancel&token=t&chosen-language=de', { language: 'de', pathname: '/de/bookings-extend', search: '?userAction=cancel&token=t&chosen-language=de' }],
    ['/en/validatelink', 'uuid=u&signature=s&chosen-language=nl', { language: 'nl', pathname: '/nl/validatelink', search: '?uuid=u&signature=s&chosen-language=nl' }],
    ['/de/invite-user/acme', 'email=a%40b.test&chosen-language=en&language=de', { language: 'en', pathname: '/en/invite-user/acme', search: '?email=a%40b.test&language=de&chosen-language=en' }],
    // A query left over from a view before a client-side navigation is not carried to a view of cookies.
    ['/en/mail-sent', 'email=a%40b.test&inviteToken=x&chosen-language=de', { language: 'de', pathname: '/de/mail-sent', search: '' }],
    ['/en/validatelink/declined', 'uuid=u&chosen-language=de', { language: 'de', pathname: '/de/validatelink/declined', search: '' }],
    // Outside the language pages: the login page in that language.
    ['/api/unknown', 'chosen-language=de', { language: 'de', pathname: '/de', search: '' }],
  ])('%s?%s', (pathname, search, target) => {
    expect(languageChoice(pathname, query(search))).toEqual(target);
  });

  it.each([
    ['/de/mail-sent', 'chosen-language=de'],
    ['/en/mail-sent', 'chosen-language=xx'],
    ['/en/mail-sent', 'chosen-language=DE'],
    ['/en/mail-sent', 'language=de'],
    ['/en/mail-sent', ''],
  ])('%s?%s: no redirect', (pathname, search) => {
    expect(languageChoice(pathname, query(search))).toBeUndefined();
  });
});

describe('the language links', () => {
  it('carry the query of the views of an e-mailed link only, without an earlier choice or the router\'s parameter', () => {
    expect(keptQuery('/en/bookings-extend', query('userAction=retain&token=t&chosen-language=de&_rsc=1'))).toBe('userAction=retain&token=t');
    expect(keptQuery('/en/mail-sent', query('email=a%40b.test'))).toBe('');
    expect(keptQuery('/en', query('error=link-expired'))).toBe('');
  });

  it('are relative to the view they are on', () => {
    expect(languageLinkHref('', 'de')).toBe('?chosen-language=de');
    expect(languageLinkHref('uuid=u&signature=s', 'nl')).toBe('?uuid=u&signature=s&chosen-language=nl');
  });
});

describe('the chosen language', () => {
  it('is read only when it is one of ours, and only once in the request', () => {
    expect(readChosenLanguage(parseCookieHeader('__Secure-language=de'))).toBe('de');
    for (const header of ['__Secure-language=xx', '__Secure-language=%3Cscript%3E', '__Secure-language=', '__Secure-language=de; __Secure-language=nl', 'language=de']) {
      expect(readChosenLanguage(parseCookieHeader(header))).toBeUndefined();
    }
  });

  it('goes before Accept-Language', () => {
    expect(routeLanguage('/', 'en-GB', 'de')).toEqual({ action: 'redirect', pathname: '/de' });
    expect(routeLanguage('/validatelink', 'en-GB', 'nl')).toEqual({ action: 'redirect', pathname: '/nl/validatelink' });
    expect(routeLanguage('/', 'en-GB')).toEqual({ action: 'redirect', pathname: '/en' });
    expect(languageOfBrowser(new Headers({ cookie: '__Secure-language=nl', 'accept-language': 'de' }))).toBe('nl');
    expect(languageOfBrowser(new Headers({ cookie: '__Secure-language=xx', 'accept-language': 'de' }))).toBe('de');
  });
});

describe('the language a link was asked in, for the link\'s page in another browser', () => {
  it('is noted when the person chose it, with a language link or against the browser\'s own', () => {
    expect(deliberateLanguage('de', new Headers({ 'accept-language': 'en-GB' }))).toBe('de');
    expect(deliberateLanguage('de', new Headers({ 'accept-language': 'de', cookie: '__Secure-language=de' }))).toBe('de');
  });

  it('is not noted when it is only the browser\'s: the link\'s page then follows the browser that opens it', () => {
    expect(deliberateLanguage('en', new Headers({ 'accept-language': 'en-GB' }))).toBeUndefined();
    expect(deliberateLanguage('de', new Headers({ 'accept-language': 'de-CH', cookie: '__Secure-language=xx' }))).toBeUndefined();
    expect(deliberateLanguage(undefined, new Headers({ 'accept-language': 'en' }))).toBeUndefined();
  });
});
