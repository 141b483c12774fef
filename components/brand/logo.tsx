import { getTranslations } from 'next-intl/server';

export async function Logo() {
  const t = await getTranslations('common');
  return (
    <span className="flex items-center gap-3">
      {/* eslint-disable-next-line @next/next/no-img-element -- a 2 KB SVG needs no image pipeline */}
      <img src="/login/logo.svg" alt="" width={40} height={40} />
      <span className="text-xl font-bold tracking-tight">{t('productName')}</span>
    </span>
  );
}
