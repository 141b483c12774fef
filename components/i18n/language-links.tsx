import { loginPagePath } from '@/lib/vocabulary/base-path';
import { languageRegistry, type Language } from '@/lib/vocabulary/languages';

/** Links to the sign-in page in each language, each named in its own language, under a label in all of them. */
export function LanguageLinks({ current }: { current: Language }) {
  return (
    <nav aria-label={languageRegistry.map((entry) => entry.languageWord).join(' / ')} className="mt-8 text-sm">
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
