import { getTranslations } from 'next-intl/server';
import { loginPagePath } from '@/lib/vocabulary/base-path';
import type { Language } from '@/lib/platform/i18n/routing';
import { linkPath } from '@/lib/platform/settings/links';
import type { TrialExpiredLinks, TrialExpiredText } from './trial-expired-view';

const inlineLink = 'font-medium text-link underline underline-offset-2';

/** The free-trial-expired view's words and links in a language, translated on the server. */
export async function trialExpiredContent(language: Language): Promise<{ links: TrialExpiredLinks; text: TrialExpiredText }> {
  const t = await getTranslations({ locale: language, namespace: 'trialExpired' });
  return {
    links: { sales: linkPath('sales', language), pricing: linkPath('pricing', language), login: loginPagePath(language) },
    text: {
      heading: t('heading'),
      subheading: t('subheading'),
      talkToSales: t('talkToSales'),
      viewPricing: t('viewPricing'),
      anotherWay: t('anotherWay'),
      details: t.rich('details', {
        demo: (chunks) => (
          <a href={linkPath('demo', language)} className={inlineLink}>
            {chunks}
          </a>
        ),
        trial: (chunks) => (
          <a href={linkPath('free-trial', language)} className={inlineLink}>
            {chunks}
          </a>
        ),
      }),
    },
  };
}
