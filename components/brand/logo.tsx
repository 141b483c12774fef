import { getTranslations } from 'next-intl/server';
import type { Language } from '@/lib/platform/i18n/routing';

/** The mark drawn inline (public/logo.svg, 0.5 KB): no second request before the page is complete. */
export async function Logo({ language }: { language: Language }) {
  const t = await getTranslations({ locale: language, namespace: 'common' });
  return (
    <span className="flex items-center gap-3">
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48" width={40} height={40} aria-hidden="true" focusable="false">
        <rect width="48" height="48" rx="12" fill="#016ff6" />
        <rect x="9" y="20" width="30" height="5" rx="2" fill="#fff" />
        <rect x="12" y="25" width="4" height="13" rx="1.5" fill="#fff" />
        <rect x="32" y="25" width="4" height="13" rx="1.5" fill="#fff" />
        <rect x="17" y="11" width="14" height="8" rx="2" fill="#fff" opacity=".85" />
        <circle cx="37" cy="11" r="5" fill="#e8c11b" />
      </svg>
      <span className="text-xl font-bold tracking-tight">{t('productName')}</span>
    </span>
  );
}
