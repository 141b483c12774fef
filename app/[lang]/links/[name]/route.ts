import { getConfig } from '@/lib/platform/settings/config';
import { isLanguage } from '@/lib/platform/i18n/routing';
import { configuredLink, linkName } from '@/lib/platform/settings/links';

/** A screen's outbound link (lib/platform/settings/links.ts): to the address the running server is configured with. */
export async function GET(_request: Request, { params }: { params: Promise<{ lang: string; name: string }> }) {
  const { lang, name } = await params;
  const parsed = linkName.safeParse(name);
  if (!isLanguage(lang) || !parsed.success) {
    return new Response('Not found.', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
  }
  // Not cached: a new setting counts from the next click on.
  return new Response(null, { status: 302, headers: { location: configuredLink(getConfig().links, parsed.data, lang), 'cache-control': 'no-store' } });
}
