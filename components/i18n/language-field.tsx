import type { Language } from '@/lib/platform/i18n/routing';

/** Tells a form's server action the page's language (read by `formLanguage`), with or without JavaScript. */
export function LanguageField({ language }: { language: Language }) {
  return <input type="hidden" name="lang" value={language} />;
}
