import { generateMetadata as openAppMetadata, OpenAppPage } from '@/components/sso/open-app-page';
import type { Language } from '@/lib/platform/i18n/routing';
import { redirectToPage } from '@/lib/platform/request/page-redirect';
import { providerOfRouteSegment } from '@/lib/vocabulary/providers';

/** `/{lang}/<provider>/open-app` for every provider of the registry; any other segment is an unknown path. */
export default async function ProviderOpenAppPage({ params }: { params: Promise<{ lang: Language; provider: string }> }) {
  const { lang, provider } = await params;
  if (!providerOfRouteSegment(provider)) return await redirectToPage('/', lang);
  return <OpenAppPage params={params} />;
}

export const generateMetadata = openAppMetadata;
