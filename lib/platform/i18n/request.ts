import { getRequestConfig } from 'next-intl/server';
import { isLanguage, defaultLanguage } from './routing';
import { loadMessages } from './messages';

/**
 * The zone next-intl formats dates in, found once per process. Left out, next-intl asks
 * `Intl.DateTimeFormat()` for it on every request: 3 % of a page rendered per request (profile,
 * issue 33).
 */
const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = isLanguage(requested) ? requested : defaultLanguage;
  return { locale, messages: loadMessages(locale), timeZone };
});
