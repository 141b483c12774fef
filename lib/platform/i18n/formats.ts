import type { Language } from './routing';

/**
 * Intl's formatters cost a tenth of a millisecond each to make (a CPU profile of the mail-sent
 * view, rendered per request): one per language, kept for the life of the process or the tab.
 */
function perLanguage<Format>(make: (language: Language) => Format): (language: Language) => Format {
  const made = new Map<Language, Format>();
  return (language) => {
    let format = made.get(language);
    if (!format) {
      format = make(language);
      made.set(language, format);
    }
    return format;
  };
}

/** "2 minutes ago", "vor 2 Minuten". */
export const relativeTimeFormat = perLanguage((language) => new Intl.RelativeTimeFormat(language));

/** "Google or Microsoft", "Google oder Microsoft". */
export const eitherOfFormat = perLanguage((language) => new Intl.ListFormat(language, { type: 'disjunction' }));
