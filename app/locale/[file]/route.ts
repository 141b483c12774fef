import { loadMessages } from '@/lib/i18n/messages';
import { isLanguage, languages } from '@/lib/i18n/routing';

/** The dictionaries as JSON (specification section 7): `/login/locale/{lang}.json`. */
export function generateStaticParams() {
  return languages.map((language) => ({ file: `${language}.json` }));
}

export const dynamicParams = false;

export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const language = (await params).file.replace(/\.json$/, '');
  if (!isLanguage(language)) return new Response('Not found', { status: 404 });
  return Response.json(loadMessages(language), {
    headers: { 'cache-control': 'public, max-age=300, stale-while-revalidate=86400' },
  });
}
