import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import IntlMessageFormat from 'intl-messageformat';
import { languageRegistry, type LanguageEntry } from '@/lib/vocabulary/languages';

/**
 * One spelling and punctuation style per language (issue 15, items 2 and 7), checked over every
 * message of messages/*.json, including those added later, in every language of the registry
 * (lib/vocabulary/languages.ts), which also says how each quotes and spells "e-mail".
 *
 * Which messages are sentences is decided by a rule on the key, the same in every language,
 * never by looking at how one language happens to end it:
 *
 *   1. every message in `errors`: each is shown on its own, in an alert;
 *   2. prose, by the key's name: `body`, `intro`, `info`, `details`, `subheading`, `description`,
 *      `privacy`, or a name ending in `Body` or `Intro`;
 *   3. a message that holds more than one sentence (". ", "? " or "! " before a capital) in any
 *      language;
 *   4. notices whose key cannot say so: a single sentence shown in a status region, an alert, a
 *      tooltip or as a control's description, listed in NOTICES below.
 *
 * A sentence ends with ".", "?", "!" or "…" in every language. Everything else (headings,
 * `metadata.title`, labels, placeholders, button and link texts, hints such as "1 to 255
 * characters") does not end with a full stop; a heading may still ask ("Cancel this booking?"),
 * exclaim ("Welcome!") or trail off while something happens ("Checking your sign-in link…").
 * A new message that ends with a full stop and fails here is either a label that should drop
 * it or a notice whose key belongs in NOTICES.
 *
 * Typography, in every language: apostrophes are typographic (’), never straight ('); quotation
 * marks are the language's own (English and Dutch “…”, German „…“), never straight ("); an
 * ellipsis is one character (…), never three dots. Straight apostrophes are also ICU's quoting
 * character, so a straight one next to a brace would silently swallow a placeholder.
 *
 * Invisible characters (a no-break space, a zero-width space, a soft hyphen, …) cannot be told
 * from a space or from nothing by a reader of the file, so none is allowed, except the space a
 * language's entry puts inside its quotation marks (French «\u202F…\u202F»); a problem names each
 * by its code point and Unicode name, as in "U+202F NARROW NO-BREAK SPACE".
 *
 * Spelling: English "e-mail" (as the labels have it), German "E-Mail", Dutch "e-mail" and
 * "e-mailadres"; a capital E only where the word begins the message. Placeholder and tag names
 * such as {email} and <email></email> are not words, and neither are URLs.
 *
 * Placeholders: a key has the same ICU arguments and the same rich-text tags in every language.
 */

type Language = string;
export type Dictionary = Record<string, Record<string, string>>;
/** Every language's messages, by code, in the order of the registry. */
export type Dictionaries = Record<Language, Dictionary>;

/** The messages of every language of lib/vocabulary/languages.ts, read from `directory`. */
export function dictionariesIn(directory: string): Dictionaries {
  return Object.fromEntries(
    languageRegistry.map(({ code }) => [code, JSON.parse(readFileSync(join(directory, `${code}.json`), 'utf8')) as Dictionary]),
  );
}

function languagesOf(all: Dictionaries): Language[] {
  return Object.keys(all);
}

/** The registry's first language, which every other must match key for key. */
function defaultLanguage(all: Dictionaries): Language {
  const [first] = languagesOf(all);
  if (first === undefined) throw new Error('no messages in any language');
  return first;
}

function registryEntry(language: Language): LanguageEntry {
  const entry = languageRegistry.find((candidate) => candidate.code === language);
  if (!entry) throw new Error(`messages in ${language}, a language lib/vocabulary/languages.ts does not list`);
  return entry;
}

/** Rule 4: single-sentence notices (status, alert, tooltip, a control's description). */
export const NOTICES = new Set([
  'mailSent.waiting',
  'mailSent.sentAgain',
  'mailSent.sendAgainLocked',
  'mailSent.wait30',
  'mailSent.sentJustNow',
  'mailSent.sentAgo',
  'mailSent.confirmedElsewhere',
  'mailSent.codeHint',
  'mailSent.codeMalformed',
  'validateLink.askedAt',
  'rateLimit.waitSeconds',
  'rateLimit.waitMinutes',
  'rateLimit.waitOver',
  'rateLimit.waitUnknown',
  'bookings.extending',
  'bookings.expired',
  'bookings.invalid',
  'invite.nameCharacter',
  'invite.nameRequired',
  'sso.openingApp',
  'sso.redirecting',
]);

const PROSE_KEY = /^(body|intro|info|details|subheading|description|privacy)$|(Body|Intro)$/;

type Entry = { key: string; namespace: string; name: string; text: Record<Language, string> };

function flatten(dictionary: Dictionary): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [namespace, messages] of Object.entries(dictionary)) {
    for (const [name, text] of Object.entries(messages)) entries.set(`${namespace}.${name}`, text);
  }
  return entries;
}

export function entriesOf(all: Dictionaries): Entry[] {
  const languages = languagesOf(all);
  const flat = Object.fromEntries(languages.map((language) => [language, flatten(all[language]!)])) as Record<Language, Map<string, string>>;
  return [...flat[defaultLanguage(all)]!.keys()].map((key) => {
    const [namespace = '', name = ''] = key.split('.');
    return {
      key,
      namespace,
      name,
      text: Object.fromEntries(languages.map((language) => [language, flat[language]!.get(key) ?? ''])) as Record<Language, string>,
    };
  });
}

// ---- ICU: the runtime's own parser (next-intl formats through intl-messageformat) ----

/** The part of intl-messageformat's syntax tree that is read here. */
type Element = {
  type: number;
  value?: string;
  children?: Element[];
  options?: Record<string, { value: Element[] }>;
};
const LITERAL = 0;
const TAG = 8;

function syntaxTree(message: string, language: Language): Element[] {
  return new IntlMessageFormat(message, language, undefined, { ignoreTag: false }).getAst() as unknown as Element[];
}

/** Argument names as `{name}` and tag names as `<name>`, e.g. `{seconds}`, `<email>`. */
function placeholders(elements: Element[], found = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TAG) found.add(`<${element.value}>`);
    else if (element.type !== LITERAL && element.value !== undefined) found.add(`{${element.value}}`);
    if (element.children) placeholders(element.children, found);
    for (const option of Object.values(element.options ?? {})) placeholders(option.value, found);
  }
  return found;
}

/** What a reader sees of a message: its literal text, without placeholder names or URLs. */
function prose(elements: Element[]): string {
  return elements
    .map((element) => {
      if (element.type === LITERAL) return element.value ?? '';
      if (element.children) return prose(element.children);
      // A plural or select: each of its choices is text a reader may see.
      if (element.options) return Object.values(element.options).map((option) => prose(option.value)).join(' ');
      // An argument, e.g. {email}: stands for a value, not for words of the message.
      return ' ';
    })
    .join('')
    .replace(/\bhttps?:\/\/\S+/g, ' ');
}

// ---- The checks, as functions that list problems, so that they can be shown to catch them ----

export function placeholderProblems(all: Dictionaries): string[] {
  const problems: string[] = [];
  const languages = languagesOf(all);
  for (const entry of entriesOf(all)) {
    const sets = languages.map((language) => {
      try {
        return [...placeholders(syntaxTree(entry.text[language]!, language))].sort().join(' ');
      } catch (error) {
        problems.push(`${entry.key} (${language}) is not a valid ICU message: ${(error as Error).message}`);
        return '';
      }
    });
    if (new Set(sets).size > 1) {
      problems.push(`${entry.key} has different placeholders: ${languages.map((language, index) => `${language} [${sets[index]}]`).join(', ')}`);
    }
  }
  return problems;
}

export function keyProblems(all: Dictionaries): string[] {
  const reference = defaultLanguage(all);
  const english = [...flatten(all[reference]!).keys()].sort();
  return languagesOf(all).flatMap((language) => {
    const own = [...flatten(all[language]!).keys()];
    return [
      ...english.filter((key) => !own.includes(key)).map((key) => `${language} lacks ${key}`),
      ...own.filter((key) => !english.includes(key)).map((key) => `${language} has ${key}, which ${reference} lacks`),
    ];
  });
}

/** Every spelling of the word "e-mail" (email, E-mail, eMail, …) at the start of a word. */
const EMAIL_WORD = /(?<![\p{L}\p{N}])e-?mail/giu;

export function spellingProblems(all: Dictionaries): string[] {
  const problems: string[] = [];
  for (const entry of entriesOf(all)) {
    for (const language of languagesOf(all)) {
      const { emailWord } = registryEntry(language);
      const text = prose(syntaxTree(entry.text[language]!, language));
      for (const match of text.matchAll(EMAIL_WORD)) {
        const word = match[0];
        const atStart = text.slice(0, match.index).trim() === '';
        const accepted = [...new Set(atStart ? [emailWord.inSentence, emailWord.atStart] : [emailWord.inSentence])];
        if (!accepted.includes(word)) {
          problems.push(`${entry.key} (${language}) spells "${word}": write ${accepted.map((spelling) => `"${spelling}"`).join(' or ')}`);
        }
      }
    }
  }
  return problems;
}

const MORE_THAN_ONE_SENTENCE = /[.?!]\s+[\p{Lu}„“<]/u;
const FINAL_PUNCTUATION = /[.?!…]$/;

/** The message's end, past closing tags: "…<link>privacy agreement</link>." ends with ".". */
function ending(message: string): string {
  return message.trim().replace(/(<\/[\w-]+>)+$/, '');
}

export function isSentence(entry: Entry): boolean {
  return (
    entry.namespace === 'errors' ||
    PROSE_KEY.test(entry.name) ||
    Object.values(entry.text).some((text) => MORE_THAN_ONE_SENTENCE.test(text)) ||
    NOTICES.has(entry.key)
  );
}

export function punctuationProblems(all: Dictionaries): string[] {
  const problems: string[] = [];
  for (const entry of entriesOf(all)) {
    const sentence = isSentence(entry);
    for (const language of languagesOf(all)) {
      const end = ending(entry.text[language]!);
      if (sentence && !FINAL_PUNCTUATION.test(end)) {
        problems.push(`${entry.key} (${language}) is a sentence without final punctuation: "${visible(entry.text[language]!)}"`);
      }
      if (!sentence && end.endsWith('.')) {
        problems.push(
          `${entry.key} (${language}) ends with a full stop but is not a sentence by the rule: a heading, label or button drops it; a notice goes into NOTICES`,
        );
      }
    }
  }
  return problems;
}

const ANY_QUOTATION_MARK = /["“”„‟«»‹›‚‘]/gu;

/** Characters a reader of the file cannot see, by code point; any other such character is named by its code point alone. */
const INVISIBLE_CHARACTER_NAMES: Record<string, string> = {
  '\u00A0': 'NO-BREAK SPACE',
  '\u00AD': 'SOFT HYPHEN',
  '\u2007': 'FIGURE SPACE',
  '\u2009': 'THIN SPACE',
  '\u200A': 'HAIR SPACE',
  '\u200B': 'ZERO WIDTH SPACE',
  '\u200C': 'ZERO WIDTH NON-JOINER',
  '\u200D': 'ZERO WIDTH JOINER',
  '\u200E': 'LEFT-TO-RIGHT MARK',
  '\u200F': 'RIGHT-TO-LEFT MARK',
  '\u202F': 'NARROW NO-BREAK SPACE',
  '\u2060': 'WORD JOINER',
  '\uFEFF': 'ZERO WIDTH NO-BREAK SPACE',
};
const INVISIBLE_CHARACTER = /[\u00A0\u00AD\u1680\u180E\u2000-\u200F\u2028-\u202F\u205F-\u2064\uFEFF]/gu;

/** A character as a problem names it: `U+202F NARROW NO-BREAK SPACE`. */
export function codePointName(character: string): string {
  const code = `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  const name = INVISIBLE_CHARACTER_NAMES[character];
  return name ? `${code} ${name}` : code;
}

/** Text as a problem shows it: each invisible character written out in brackets, so that none hides. */
export function visible(text: string): string {
  return text.replace(INVISIBLE_CHARACTER, (character) => `[${codePointName(character)}]`);
}

/** The language's quotation marks as it writes them, its space inside included. */
function quotingStyle({ quotationMarks: [opening, closing], spaceInsideQuotationMarks: space = '' }: LanguageEntry): string {
  return visible(`${opening}${space}…${space}${closing}`);
}

function quotationMarkProblems(key: string, language: Language, text: string): string[] {
  const entry = registryEntry(language);
  const [opening, closing] = entry.quotationMarks;
  const space = entry.spaceInsideQuotationMarks;
  const problems: string[] = [];
  for (const match of text.matchAll(ANY_QUOTATION_MARK)) {
    const mark = match[0];
    const at = match.index;
    if (!entry.quotationMarks.includes(mark)) {
      problems.push(`${key} (${language}) has the quotation mark ${mark}: ${language} quotes with ${quotingStyle(entry)}`);
    } else if (space !== undefined && mark === opening && text.slice(at + 1, at + 1 + space.length) !== space) {
      problems.push(`${key} (${language}) has ${mark} without ${codePointName(space)} after it: ${language} quotes with ${quotingStyle(entry)}`);
    } else if (space !== undefined && mark === closing && text.slice(at - space.length, at) !== space) {
      problems.push(`${key} (${language}) has ${mark} without ${codePointName(space)} before it: ${language} quotes with ${quotingStyle(entry)}`);
    }
  }
  return problems;
}

function invisibleCharacterProblems(key: string, language: Language, text: string): string[] {
  const allowed = registryEntry(language).spaceInsideQuotationMarks;
  const counts = new Map<string, number>();
  for (const [character] of text.matchAll(INVISIBLE_CHARACTER)) {
    if (character !== allowed) counts.set(character, (counts.get(character) ?? 0) + 1);
  }
  return [...counts].map(
    ([character, count]) => `${key} (${language}) has the invisible character ${codePointName(character)}${count > 1 ? ` (${count} times)` : ''}: write a plain space, or none`,
  );
}

export function typographyProblems(all: Dictionaries): string[] {
  const problems: string[] = [];
  for (const language of languagesOf(all)) {
    const apostrophes = new Set<string>();
    for (const entry of entriesOf(all)) {
      const text = prose(syntaxTree(entry.text[language]!, language));
      for (const apostrophe of text.match(/['’]/g) ?? []) apostrophes.add(apostrophe);
      if (text.includes("'")) problems.push(`${entry.key} (${language}) has a straight apostrophe ('): write ’`);
      problems.push(...quotationMarkProblems(entry.key, language, text), ...invisibleCharacterProblems(entry.key, language, text));
      if (text.includes('...')) problems.push(`${entry.key} (${language}) has three dots: write …`);
    }
    if (apostrophes.size > 1) problems.push(`${language} mixes straight and typographic apostrophes`);
  }
  return problems;
}

