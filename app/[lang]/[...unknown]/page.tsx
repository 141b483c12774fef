import { redirectToPage } from '@/lib/platform/request/page-redirect';
import type { Language } from '@/lib/platform/i18n/routing';

/** Any other path in a language leads to the login page (docs/product.md, Languages). */
export default async function UnknownPage({ params }: { params: Promise<{ lang: Language }> }) {
  const { lang } = await params;
  await redirectToPage('/', lang);
}
