import { loginPagePath } from '@/lib/base-path';
import { languages, type Language } from '@/lib/i18n/routing';

const languageNames: Record<Language, string> = { en: 'English', de: 'Deutsch', nl: 'Nederlands' };

/** Links to the sign-in page in each language, each named in its own language. */
export function LanguageLinks({ current }: { current: Language }) {
  return (
    <nav aria-label="Language / Sprache / Taal" className="mt-8 text-sm">
      <ul className="flex gap-4">
        {languages.map((language) => (
          <li key={language}>
            <a
              href={loginPagePath(language)}
              hrefLang={language}
              lang={language}
              aria-current={language === current ? 'page' : undefined}
              className="text-muted underline-offset-4 hover:underline aria-[current=page]:font-semibold aria-[current=page]:text-ink"
            >
              {languageNames[language]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
