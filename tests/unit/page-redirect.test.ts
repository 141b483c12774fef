import { pagePath } from '@/lib/platform/request/page-redirect';

describe('pagePath: where an action sends the browser', () => {
  it.each([
    ['/', 'en', '/en'],
    ['/mail-sent', 'de', '/de/mail-sent'],
    ['/invalid', 'nl', '/nl/invalid'],
  ] as const)('%s in %s is %s', (href, language, path) => {
    expect(pagePath(href, language)).toBe(path);
  });

  it('keeps the query, encoded', () => {
    expect(pagePath({ pathname: '/', query: { error: 'sso-start-again' } }, 'en')).toBe('/en?error=sso-start-again');
    expect(pagePath({ pathname: '/', query: { error: 'a b&c' } }, 'de')).toBe('/de?error=a+b%26c');
  });
});
