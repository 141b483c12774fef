import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isLanguage, languages } from '@/lib/platform/i18n/routing';

/**
 * The dictionaries as JSON (docs/product.md, Languages): `/login/locale/{lang}.json`. Read from the
 * source files when the build prerenders this route: an import of them yields the messages as
 * compiled at build time for the pages (next.config.mjs), not the ICU text a reader expects.
 */
export function generateStaticParams() {
  return languages.map((language) => ({ file: `${language}.json` }));
}

export const dynamicParams = false;

export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const language = (await params).file.replace(/\.json$/, '');
  if (!isLanguage(language)) return new Response('Not found', { status: 404 });
  const dictionary = await readFile(join(process.cwd(), 'messages', `${language}.json`), 'utf8');
  return new Response(JSON.stringify(JSON.parse(dictionary)), {
    headers: { 'content-type': 'application/json', 'cache-control': 'public, max-age=300, stale-while-revalidate=86400' },
  });
}
