import type { Language } from '@/lib/vocabulary/languages';

/** Where the app is served: next.config.mjs's `basePath`, and the start of every path it writes. */
export const BASE_PATH = '/login';

/** The login page in a language: where every way back leads. */
export function loginPagePath(language: Language): string {
  return `${BASE_PATH}/${language}`;
}

/**
 * Below `/{lang}/`: the folder of the screens' templates, which proxy.ts fills; no address of ours
 * (docs/decisions.md, Screens from templates).
 */
export const TEMPLATE_FOLDER = 'as-template';
