import { headers } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { BackToLoginLink } from '@/components/ui/back-to-login-link';
import { NoticePage } from '@/components/ui/notice-page';
import { PageFrame } from '@/components/ui/page-frame';
import type { Language } from '@/lib/platform/i18n/routing';
import { languageOfBrowser } from '@/lib/platform/pages/language-routing';

/**
 * "Page not found" for an address outside the language pages, in the frame of every notice page
 * and in the browser's language (its choice first), since the address names none. Rendered per request, and only
 * for such an address (never part of another page's payload).
 */
export async function browserLanguage(): Promise<Language> {
  return languageOfBrowser(await headers());
}

/** The document around the notice: html in the browser's language, and the frame. */
export async function NotFoundFrame({ children }: { children: ReactNode }) {
  const language = await browserLanguage();
  return (
    <html lang={language}>
      <body>
        <PageFrame language={language}>{children}</PageFrame>
      </body>
    </html>
  );
}

/** The notice itself, with its title. */
export async function NotFoundNotice() {
  const language = await browserLanguage();
  const [t, tCommon] = await Promise.all([
    getTranslations({ locale: language, namespace: 'notFound' }),
    getTranslations({ locale: language, namespace: 'common' }),
  ]);
  return (
    <NoticePage heading={t('heading')}>
      <title>{`${t('heading')} · ${tCommon('productName')}`}</title>
      <p>{t('body')}</p>
      <BackToLoginLink language={language} label={tCommon('backToLogin')} />
    </NoticePage>
  );
}
