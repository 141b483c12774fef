import { headers } from 'next/headers';
import { connection } from 'next/server';
import { setRequestLocale } from 'next-intl/server';
import { OneTimeCodeView } from '@/components/one-time-code/one-time-code-view';
import { getConfig } from '@/lib/platform/settings/config';
import type { Language } from '@/lib/platform/i18n/routing';
import { headingAsTitle } from '@/lib/platform/i18n/page-title';
import { deviceAppStore } from '@/lib/platform/request/user-agent';

export const generateMetadata = headingAsTitle('totp', 'heading');

/** Rendered per request where proxy.ts cannot fill the view from its template (lib/platform/pages/one-time-code-template.ts). */
export default async function OneTimeCodePage({ params }: { params: Promise<{ lang: Language }> }) {
  const { lang } = await params;
  setRequestLocale(lang);
  // The links are settings of the running server, not of the build.
  await connection();
  return <OneTimeCodeView language={lang} ownStore={deviceAppStore(await headers())} links={getConfig().links} />;
}
