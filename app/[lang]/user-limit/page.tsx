import { getTranslations, setRequestLocale } from 'next-intl/server';
import { buttonClasses } from '@/components/ui/button-styles';
import { NoticePage } from '@/components/ui/notice-page';
import type { Language } from '@/lib/i18n/routing';
import { headingAsTitle } from '@/lib/i18n/page-title';

export const generateMetadata = headingAsTitle('userLimit', 'heading');

/** The freemium limit page: createUser or addUser answered USER_COUNT_EXCEEDED. */
export default async function UserLimitPage({ params }: { params: Promise<{ lang: Language }> }) {
  const { lang } = await params;
  setRequestLocale(lang);
  const [t, tCommon] = await Promise.all([getTranslations('userLimit'), getTranslations('common')]);
  return (
    <NoticePage heading={t('heading')}>
      <p>{t('info')}</p>
      <a href={`/login/${lang}`} className={buttonClasses('primary')}>
        {tCommon('backToLogin')}
      </a>
    </NoticePage>
  );
}
