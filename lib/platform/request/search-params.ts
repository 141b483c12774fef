import type { Language } from '@/lib/platform/i18n/routing';

/** A page's `searchParams`, one value per name (the first, as URLSearchParams.get gives it). */
export type PageSearchParams = Record<string, string | string[] | undefined>;

export function firstValues(query: PageSearchParams): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query).flatMap(([key, value]) => {
      const first = Array.isArray(value) ? value[0] : value;
      return first === undefined ? [] : [[key, first]];
    }),
  );
}

/** The props of a page under `app/[lang]/` that reads its query. */
export type LanguagePageProps = {
  params: Promise<{ lang: Language }>;
  searchParams: Promise<PageSearchParams>;
};
