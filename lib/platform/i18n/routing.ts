import { defineRouting } from 'next-intl/routing';
import { languageRegistry, type Language } from '../../vocabulary/languages';

export type { Language };
export const languages: readonly Language[] = languageRegistry.map((entry) => entry.code);
export const defaultLanguage: Language = languageRegistry[0].code;

export const routing = defineRouting({
  locales: languages,
  defaultLocale: defaultLanguage,
  localePrefix: 'always',
  // The language always comes from the path; no NEXT_LOCALE cookie is needed to remember it.
  localeCookie: false,
});

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/**
 * The browser's preferred language among ours: Accept-Language entries ordered by quality,
 * compared on their first two letters (`de-CH` is German), else the default.
 */
export function preferredLanguage(acceptLanguage: string | null | undefined): Language {
  if (!acceptLanguage) return defaultLanguage;
  const ranked = acceptLanguage
    .split(',')
    .map((entry, position) => {
      const [tag = '', ...parameters] = entry.trim().split(';');
      const qualityParameter = parameters.find((parameter) => parameter.trim().startsWith('q='));
      const quality = qualityParameter ? Number(qualityParameter.trim().slice(2)) : 1;
      return { language: tag.trim().slice(0, 2).toLowerCase(), quality: Number.isFinite(quality) ? quality : 0, position };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.position - b.position);
  return ranked.find((entry) => isLanguage(entry.language))?.language as Language | undefined ?? defaultLanguage;
}
