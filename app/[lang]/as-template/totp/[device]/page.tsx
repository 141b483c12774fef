import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import { OneTimeCodeView } from '@/components/one-time-code/one-time-code-view';
import type { Language } from '@/lib/platform/i18n/routing';
import { headingAsTitle } from '@/lib/platform/i18n/page-title';
import { isOneTimeCodeDevice, LINK_SENTINELS, ONE_TIME_CODE_DEVICES, ownStoreOf } from '@/lib/platform/pages/one-time-code-template';

/**
 * The one-time-code view's templates, prerendered once per language and device with sentinels
 * where the links go (lib/platform/pages/one-time-code-template.ts), filled by each server; the
 * path itself is never served to a browser that asks for it.
 */
export const dynamicParams = false;
export const dynamic = 'force-static';

export function generateStaticParams() {
  return ONE_TIME_CODE_DEVICES.map((device) => ({ device }));
}

export const generateMetadata = headingAsTitle('totp', 'heading');

export default async function OneTimeCodeTemplatePage({ params }: { params: Promise<{ lang: Language; device: string }> }) {
  const { lang, device } = await params;
  if (!isOneTimeCodeDevice(device)) notFound();
  setRequestLocale(lang);
  return <OneTimeCodeView language={lang} ownStore={ownStoreOf(device)} links={LINK_SENTINELS} />;
}
