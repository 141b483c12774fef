import { connection } from 'next/server';
import { getTranslations } from 'next-intl/server';
import { loginPagePath } from '@/lib/base-path';
import { getConfig } from '@/lib/config';
import type { Language } from '@/lib/i18n/routing';
import type { TrialExpiredLinks, TrialExpiredText } from './trial-expired-view';

const inlineLink = 'font-medium text-primary-strong underline underline-offset-2';

/** The free-trial-expired view's words and links in a language, translated on the server. */
export async function trialExpiredContent(language: Language): Promise<{ links: TrialExpiredLinks; text: TrialExpiredText }> {
  // The links are settings of the running server, not of the build.
  await connection();
  const t = await getTranslations({ locale: language, namespace: 'trialExpired' });
  const { links } = getConfig();
  return {
    links: { sales: links.sales, pricing: links.pricing[language], login: loginPagePath(language) },
    text: {
      heading: t('heading'),
      subheading: t('subheading'),
      talkToSales: t('talkToSales'),
      viewPricing: t('viewPricing'),
      anotherWay: t('anotherWay'),
      details: t.rich('details', {
        demo: (chunks) => (
          <a href={links.demo} className={inlineLink}>
            {chunks}
          </a>
        ),
        trial: (chunks) => (
          <a href={links.freeTrial} className={inlineLink}>
            {chunks}
          </a>
        ),
      }),
    },
  };
}
