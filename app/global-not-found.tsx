import { headers } from 'next/headers';
import { connection } from 'next/server';
import { getTranslations } from 'next-intl/server';
import { PageFrame } from '@/components/ui/page-frame';
import { BackToLoginLink } from '@/components/ui/back-to-login-link';
import { NoticePage } from '@/components/ui/notice-page';
import { preferredLanguage } from '@/lib/i18n/routing';
import './globals.css';

/**
 * Paths outside the language tree that match nothing (the proxy redirects all others): the frame
 * of every notice page, in the browser's language, since the address names none.
 */
export default async function NotFound() {
  // Per request like every page, so that its scripts carry the CSP nonce.
  await connection();
  const language = preferredLanguage((await headers()).get('accept-language'));
  // Named for each call, never set for the request: the framework renders this boundary beside
  // every page, whose own language must stay the page's.
  const [t, tCommon] = await Promise.all([
    getTranslations({ locale: language, namespace: 'notFound' }),
    getTranslations({ locale: language, namespace: 'common' }),
  ]);
  return (
    <html lang={language}>
      <body>
        <title>{`${t('heading')} · ${tCommon('productName')}`}</title>
        <PageFrame language={language}>
          <NoticePage heading={t('heading')}>
            <p>{t('body')}</p>
            <BackToLoginLink language={language} label={tCommon('backToLogin')} />
          </NoticePage>
        </PageFrame>
      </body>
    </html>
  );
}
