import { connection } from 'next/server';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { buttonClasses } from '@/components/ui/button-styles';
import { BackToLoginLink } from '@/components/ui/back-to-login-link';
import { NoticePage } from '@/components/ui/notice-page';
import { getConfig } from '@/lib/config';
import type { Language } from '@/lib/i18n/routing';
import { headingAsTitle } from '@/lib/i18n/page-title';

export const generateMetadata = headingAsTitle('totp', 'heading');

/** Accounts with one-time codes sign in through the mobile app, not here. */
export default async function OneTimeCodePage({ params }: { params: Promise<{ lang: Language }> }) {
  const { lang } = await params;
  setRequestLocale(lang);
  // The links are settings of the running server, not of the build.
  await connection();
  const [t, tCommon] = await Promise.all([getTranslations('totp'), getTranslations('common')]);
  const { links } = getConfig();
  return (
    <NoticePage heading={t('heading')}>
      <p>{t('body')}</p>
      <div className="space-y-3">
        <a href={links.appStore} className={buttonClasses('primary')}>
          {t('appStore')}
        </a>
        <a href={links.playStore} className={buttonClasses('primary')}>
          {t('playStore')}
        </a>
        <a href={links.support} className={buttonClasses('outline')}>
          {t('support')}
        </a>
      </div>
      <BackToLoginLink language={lang} label={tCommon('backToLogin')} variant="quiet" />
    </NoticePage>
  );
}
