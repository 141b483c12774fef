'use client';

import { useTranslations } from 'next-intl';
import { buttonClasses } from '@/components/ui/button-styles';
import { useFocusOnMount } from '@/components/ui/use-focus-on-mount';

export function RateLimitView({ onTryAgain }: { onTryAgain: () => void }) {
  const t = useTranslations('rateLimit');
  const tCommon = useTranslations('common');
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  return (
    <section className="space-y-4">
      <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold outline-none">
        {t('heading')}
      </h1>
      <p role="alert">{t('body')}</p>
      <button type="button" className={buttonClasses('primary')} onClick={onTryAgain}>
        {tCommon('tryAgain')}
      </button>
    </section>
  );
}
