import { setRequestLocale } from 'next-intl/server';
import { OrganisationPicker } from '@/components/sso/organisation-picker-page';
import { PICKER_SENTINEL } from '@/lib/flows/sso/picker-template';
import type { Language } from '@/lib/platform/i18n/routing';
import { headingAsTitle } from '@/lib/platform/i18n/page-title';
import { providers } from '@/lib/vocabulary/providers';

/**
 * The organisation picker's template, prerendered once per language and provider with one
 * sentinel organisation (lib/flows/sso/picker-template.ts), filled per request by proxy.ts with
 * the sign-in's own; the path itself is never served to a browser that asks for it.
 */
export const dynamicParams = false;
export const dynamic = 'force-static';

export function generateStaticParams() {
  return providers.map((provider) => ({ provider: provider.routeSegment }));
}

export const generateMetadata = headingAsTitle('sso', 'pickerHeading');

export default async function PickerTemplatePage({ params }: { params: Promise<{ lang: Language }> }) {
  const { lang } = await params;
  setRequestLocale(lang);
  return <OrganisationPicker language={lang} organisations={[PICKER_SENTINEL]} />;
}
