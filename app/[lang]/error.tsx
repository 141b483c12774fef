'use client';

import { useLocale, useTranslations } from 'next-intl';
import { buttonClasses } from '@/components/ui/button-styles';

/** Errors in the login tree: a short translated page with a way back (contracts.md section 6). */
export default function LoginError() {
  const t = useTranslations('errorPage');
  const tCommon = useTranslations('common');
  const locale = useLocale();
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-bold">{t('heading')}</h1>
      <p>{t('body')}</p>
      <a href={`/login/${locale}`} className={buttonClasses('primary')}>
        {tCommon('backToLogin')}
      </a>
    </section>
  );
}
