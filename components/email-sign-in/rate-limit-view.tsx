'use client';

import { useTranslations } from 'next-intl';
import { buttonClasses } from '@/components/ui/button-styles';
import { ViewHeading } from '@/components/ui/view-heading';

export function RateLimitView({ onTryAgain }: { onTryAgain: () => void }) {
  const t = useTranslations('rateLimit');
  const tCommon = useTranslations('common');
  return (
    <section className="space-y-4">
      <ViewHeading>{t('heading')}</ViewHeading>
      <p role="alert">{t('body')}</p>
      <button type="button" className={buttonClasses('primary')} onClick={onTryAgain}>
        {tCommon('tryAgain')}
      </button>
    </section>
  );
}
