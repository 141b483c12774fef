import { getTranslations, setRequestLocale } from 'next-intl/server';
import { buttonClasses } from '@/components/ui/button-styles';
import { NoticePage } from '@/components/ui/notice-page';
import type { Language } from '@/lib/i18n/routing';
import { headingAsTitle } from '@/lib/i18n/page-title';

export const generateMetadata = headingAsTitle('invalidLink', 'heading');

export default async function InvalidLinkPage({ params }: { params: Promise<{ lang: Language }> }) {
  const { lang } = await params;
  setRequestLocale(lang);
  const [t, tCommon] = await Promise.all([getTranslations('invalidLink'), getTranslations('common')]);
  return (
    <NoticePage heading={t('heading')}>
      <p>{t('body')}</p>
      <a href={`/login/${lang}`} className={buttonClasses('primary')}>
        {tCommon('backToLogin')}
      </a>
    </NoticePage>
  );
}
