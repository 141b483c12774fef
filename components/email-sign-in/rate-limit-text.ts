import { getTranslations } from 'next-intl/server';
import { argumentMarker } from '@/lib/platform/i18n/argument-marker';
import type { Language } from '@/lib/platform/i18n/routing';
import type { RateLimitText } from './rate-limit-view';

/** The rate-limit view's words in a language, translated on the server for the answer that shows it. */
export async function rateLimitText(language: Language): Promise<RateLimitText> {
  const [t, tCommon] = await Promise.all([
    getTranslations({ locale: language, namespace: 'rateLimit' }),
    getTranslations({ locale: language, namespace: 'common' }),
  ]);
  return {
    heading: t('heading'),
    body: t('body'),
    waitSeconds: t('waitSeconds', { seconds: argumentMarker('seconds') }),
    waitMinutes: t('waitMinutes', { minutes: argumentMarker('minutes') }),
    waitOver: t('waitOver'),
    waitUnknown: t('waitUnknown'),
    tryAgain: tCommon('tryAgain'),
  };
}
