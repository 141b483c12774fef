import { loginPagePath } from '@/lib/vocabulary/base-path';
import { languageRegistry, type Language } from '@/lib/vocabulary/languages';

/**
 * Links to the sign-in page in each language, each named in its own language and marked so; the
 * navigation is named in the page's language, as the rest of the page is (WCAG 3.1.2).
 */
export function LanguageLinks({ current }: { current: Language }) {
  const label = languageRegistry.find((entry) => entry.code === current)?.languageWord;
  return (
    <nav aria-label={label} className="mt-8 text-sm">
      <ul className="flex gap-4">
        {languageRegistry.map(({ code: language, name }) => (
          <li key={language}>
            <a
              href={loginPagePath(language)}
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
