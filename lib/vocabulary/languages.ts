/**
 * Every language the sign-in speaks: the one list that routing (`routing.ts`), the language links,
 * the message checks, nginx's own 429 page and the tests read (docs/contributing.md, A language).
 * The first is the default. Its words are in `messages/<code>.json`.
 *
 * Data only, with no imports, so that Node runs it as it is (the end-to-end tests and the script
 * that writes nginx's page read it too), and so that a test can put a language of its own in.
 */
export type LanguageEntry = {
  /** The language's code: the path segment (`/login/de`), and what Accept-Language is matched on. */
  readonly code: string;
  /** Its name in itself, on the language links. */
  readonly name: string;
  /** Its word for "language": the name of the language links on its own pages. */
  readonly languageWord: string;
  /** How its messages quote: the opening and the closing mark. */
  readonly quotationMarks: readonly [string, string];
  /** How its messages spell "e-mail", in a sentence and where the word begins the message. */
  readonly emailWord: { readonly inSentence: string; readonly atStart: string };
  /**
   * A space its typography puts inside the quotation marks, e.g. French `«\u202F…\u202F»` (U+202F
   * NARROW NO-BREAK SPACE); the message checks then ask for it there, and allow it nowhere else.
   */
  readonly spaceInsideQuotationMarks?: string;
  /** The default of its pricing page, the setting `PRICING_URL_<CODE>` (lib/platform/settings/config.ts): a placeholder a deployment replaces. */
  readonly pricingUrlDefault: string;
};

export const languageRegistry = [
  { code: 'en', name: 'English', languageWord: 'Language', quotationMarks: ['“', '”'], emailWord: { inSentence: 'e-mail', atStart: 'E-mail' }, pricingUrlDefault: 'https://www.example.com/en-gb/pricing' },
  { code: 'de', name: 'Deutsch', languageWord: 'Sprache', quotationMarks: ['„', '“'], emailWord: { inSentence: 'E-Mail', atStart: 'E-Mail' }, pricingUrlDefault: 'https://www.example.com/de/preise' },
  { code: 'nl', name: 'Nederlands', languageWord: 'Taal', quotationMarks: ['“', '”'], emailWord: { inSentence: 'e-mail', atStart: 'E-mail' }, pricingUrlDefault: 'https://www.example.com/nl/prijzen' },
] as const satisfies readonly LanguageEntry[];

export type Language = (typeof languageRegistry)[number]['code'];
