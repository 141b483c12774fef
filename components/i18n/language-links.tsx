import { headers } from 'next/headers';
import { VIEW_QUERY_HEADER, languageLinkHref } from '@/lib/platform/pages/language-routing';
import { languageRegistry, type Language } from '@/lib/vocabulary/languages';

/**
 * Links to the view on screen in each language, each named in its own language and marked so; the
 * navigation is named in the page's language, as the rest of the page is (WCAG 3.1.2). Each is
 * this address with the language chosen (lib/platform/pages/language-routing.ts): the view keeps
 * what it holds, in its cookies or, for the views of an e-mailed link, in the query that proxy.ts
 * names here. A prerendered page is rendered without a request, and keeps no query.
 */
export async function LanguageLinksOfThisView({ current }: { current: Language }) {
  return <LanguageLinks current={current} kept={(await headers()).get(VIEW_QUERY_HEADER) ?? ''} />;
}

/** `kept`: the query the view keeps in another language (`keptQuery`). */
export function LanguageLinks({ current, kept = '' }: { current: Language; kept?: string }) {
  const label = languageRegistry.find((entry) => entry.code === current)?.languageWord;
  return (
    <nav aria-label={label} className="mt-8 text-sm">
      <ul className="flex gap-4">
        {languageRegistry.map(({ code: language, name }) => (
          <li key={language}>
            <a
              href={languageLinkHref(kept, language)}
              hrefLang={language}
              lang={language}
              aria-current={language === current ? 'page' : undefined}
              className="text-muted underline-offset-4 hover:underline aria-[current=page]:font-semibold aria-[current=page]:text-ink"
            >
              {name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
