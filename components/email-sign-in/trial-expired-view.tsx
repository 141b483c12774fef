'use client';

import { useTranslations } from 'next-intl';
import { buttonClasses } from '@/components/ui/button-styles';
import { ViewHeading } from '@/components/ui/view-heading';

export type TrialExpiredLinks = { sales: string; pricing: string; demo: string; freeTrial: string };

const inlineLink = 'font-medium text-primary-strong underline underline-offset-2';

export function TrialExpiredView({ links }: { links: TrialExpiredLinks }) {
  const t = useTranslations('trialExpired');
  return (
    <section className="space-y-4">
      <ViewHeading>{t('heading')}</ViewHeading>
      <p className="text-muted">{t('subheading')}</p>
      <div className="space-y-3">
        <a href={links.sales} className={buttonClasses('secondary')}>
          {t('talkToSales')}
        </a>
        <a href={links.pricing} className={buttonClasses('outline')}>
          {t('viewPricing')}
        </a>
      </div>
      <p>
        {t.rich('details', {
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
        })}
      </p>
    </section>
  );
}
