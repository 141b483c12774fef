import { getRequestConfig } from 'next-intl/server';
import { isLanguage, defaultLanguage } from './routing';
import { loadMessages } from './messages';

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = isLanguage(requested) ? requested : defaultLanguage;
  return { locale, messages: loadMessages(locale) };
});
