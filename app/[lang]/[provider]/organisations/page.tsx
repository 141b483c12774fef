import { OrganisationPickerPage } from '@/components/sso/organisation-picker-page';
import type { Language } from '@/lib/platform/i18n/routing';
import { headingAsTitle } from '@/lib/platform/i18n/page-title';
import { redirectToPage } from '@/lib/platform/request/page-redirect';
import { providerOfRouteSegment } from '@/lib/vocabulary/providers';

/** `/{lang}/<provider>/organisations` for every provider of the registry; any other segment is an unknown path. */
export default async function ProviderOrganisationsPage({ params }: { params: Promise<{ lang: Language; provider: string }> }) {
  const { lang, provider } = await params;
  if (!providerOfRouteSegment(provider)) return await redirectToPage('/', lang);
  return <OrganisationPickerPage params={params} />;
}

export const generateMetadata = headingAsTitle('sso', 'pickerHeading');
