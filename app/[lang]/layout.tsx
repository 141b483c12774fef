import type { Metadata, Viewport } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import siteIcon from '@/components/brand/icon.svg';
import { ErrorPageTextProvider } from '@/components/i18n/error-page-text';
import { PageFrame } from '@/components/ui/page-frame';
import { oncePerLanguage } from '@/lib/platform/i18n/once-per-language';
import { isLanguage, languages } from '@/lib/platform/i18n/routing';
import '../globals.css';

type LanguageLayoutProps = { children: ReactNode; params: Promise<{ lang: string }> };

export function generateStaticParams() {
  return languages.map((lang) => ({ lang }));
}

export async function generateMetadata({ params }: LanguageLayoutProps): Promise<Metadata> {
  const { lang } = await params;
  return isLanguage(lang) ? metadataOf(lang) : {};
}

// The same for every request in a language: worked out once per language.
const metadataOf = oncePerLanguage(async (language): Promise<Metadata> => {
  const [t, tCommon] = await Promise.all([
    getTranslations({ locale: language, namespace: 'metadata' }),
    getTranslations({ locale: language, namespace: 'common' }),
  ]);
  return {
    title: { default: t('title'), template: `%s · ${tCommon('productName')}` },
    description: t('description'),
    robots: { index: false, follow: false },
    // One of the build's files, its name hashed: nginx serves it and a browser keeps it for a year (docs/decisions.md, nginx serves the build's files).
    // The build writes its address with the base path already: /login/_next/static/media/….
    icons: { icon: { url: siteIcon.src, type: 'image/svg+xml', sizes: 'any' } },
  };
});

export const viewport: Viewport = { themeColor: '#016ff6', width: 'device-width', initialScale: 1 };

export default async function LanguageLayout({ children, params }: LanguageLayoutProps) {
  const { lang } = await params;
  if (!isLanguage(lang)) notFound();
  setRequestLocale(lang);
  const [t, tCommon] = await Promise.all([getTranslations('errorPage'), getTranslations('common')]);
  const errorPageText = { language: lang, heading: t('heading'), body: t('body'), backToLogin: tCommon('backToLogin') };

  return (
    <html lang={lang}>
      <body>
        <PageFrame language={lang}>
          <ErrorPageTextProvider text={errorPageText}>{children}</ErrorPageTextProvider>
        </PageFrame>
      </body>
    </html>
  );
}
