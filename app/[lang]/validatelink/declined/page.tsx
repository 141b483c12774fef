import { getTranslations, setRequestLocale } from 'next-intl/server';
import { buttonClasses } from '@/components/ui/button-styles';
import { NoticePage } from '@/components/ui/notice-page';
import type { Language } from '@/lib/i18n/routing';
import { headingAsTitle } from '@/lib/i18n/page-title';

export const generateMetadata = headingAsTitle('validateLink', 'declinedHeading');

/** "I did not ask for this": the link stays unused, nothing changed, nobody is signed in. */
export default async function LinkDeclinedPage({ params }: { params: Promise<{ lang: Language }> }) {
  const { lang } = await params;
  setRequestLocale(lang);
  const [t, tCommon] = await Promise.all([getTranslations('validateLink'), getTranslations('common')]);
  return (
    <NoticePage heading={t('declinedHeading')}>
      <p>{t('declinedBody')}</p>
      <a href={`/login/${lang}`} className={buttonClasses('primary')}>
        {tCommon('backToLogin')}
      </a>
    </NoticePage>
  );
}
