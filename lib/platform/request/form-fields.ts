import { defaultLanguage, isLanguage, type Language } from '@/lib/platform/i18n/routing';

/**
 * A server action's arguments come from the request body, bound ones included: a client can send
 * any value in any position. Actions read them through these, so a malformed post gets an answer
 * instead of a crash.
 */

/** A text field of a posted form; empty when the argument is not a form at all. */
export function formField(form: unknown, name: string): string {
  return form instanceof FormData ? String(form.get(name) ?? '') : '';
}

/** The page's language, posted by its form as `lang` (see LanguageField); English when absent or unknown. */
export function formLanguage(form: unknown): Language {
  const language = formField(form, 'lang');
  return isLanguage(language) ? language : defaultLanguage;
}
