import IntlMessageFormat from 'intl-messageformat';
import en from '@/messages/en.json';
import de from '@/messages/de.json';
import nl from '@/messages/nl.json';

/**
 * One spelling and punctuation style per language (issue 15, items 2 and 7), checked over every
 * message of messages/*.json, including those added later.
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
 * Spelling: English "e-mail" (as the labels have it), German "E-Mail", Dutch "e-mail" and
 * "e-mailadres"; a capital E only where the word begins the message. Placeholder and tag names
 * such as {email} and <email></email> are not words, and neither are URLs.
 *
 * Placeholders: a key has the same ICU arguments and the same rich-text tags in every language.
 */

type Language = 'en' | 'de' | 'nl';
type Dictionary = Record<string, Record<string, string>>;
const dictionaries: Record<Language, Dictionary> = { en, de, nl };
const languages = Object.keys(dictionaries) as Language[];

/** Rule 4: single-sentence notices (status, alert, tooltip, a control's description). */
const NOTICES = new Set([
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
  'bookings.cancelled',
  'bookings.expired',
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

function entriesOf(all: Record<Language, Dictionary>): Entry[] {
  const flat = Object.fromEntries(languages.map((language) => [language, flatten(all[language])])) as Record<Language, Map<string, string>>;
  return [...flat.en.keys()].map((key) => {
    const [namespace = '', name = ''] = key.split('.');
    return {
      key,
      namespace,
      name,
      text: Object.fromEntries(languages.map((language) => [language, flat[language].get(key) ?? ''])) as Record<Language, string>,
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

function placeholderProblems(all: Record<Language, Dictionary>): string[] {
  const problems: string[] = [];
  for (const entry of entriesOf(all)) {
    const sets = languages.map((language) => {
      try {
        return [...placeholders(syntaxTree(entry.text[language], language))].sort().join(' ');
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

function keyProblems(all: Record<Language, Dictionary>): string[] {
  const english = [...flatten(all.en).keys()].sort();
  return languages.flatMap((language) => {
    const own = [...flatten(all[language]).keys()];
    return [
      ...english.filter((key) => !own.includes(key)).map((key) => `${language} lacks ${key}`),
      ...own.filter((key) => !english.includes(key)).map((key) => `${language} has ${key}, which English lacks`),
    ];
  });
}

/** Every spelling of the word "e-mail" (email, E-mail, eMail, …) at the start of a word. */
const EMAIL_WORD = /(?<![\p{L}\p{N}])e-?mail/giu;
const ACCEPTED_EMAIL: Record<Language, readonly string[]> = {
  en: ['e-mail', 'E-mail'],
  de: ['E-Mail'],
  nl: ['e-mail', 'E-mail'],
};

function spellingProblems(all: Record<Language, Dictionary>): string[] {
  const problems: string[] = [];
  for (const entry of entriesOf(all)) {
    for (const language of languages) {
      const text = prose(syntaxTree(entry.text[language], language));
      for (const match of text.matchAll(EMAIL_WORD)) {
        const word = match[0];
        const capitalAllowed = language === 'de' || text.slice(0, match.index).trim() === '';
        const accepted = ACCEPTED_EMAIL[language].filter((spelling) => capitalAllowed || spelling[0] === 'e');
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

function isSentence(entry: Entry): boolean {
  return (
    entry.namespace === 'errors' ||
    PROSE_KEY.test(entry.name) ||
    languages.some((language) => MORE_THAN_ONE_SENTENCE.test(entry.text[language])) ||
    NOTICES.has(entry.key)
  );
}

function punctuationProblems(all: Record<Language, Dictionary>): string[] {
  const problems: string[] = [];
  for (const entry of entriesOf(all)) {
    const sentence = isSentence(entry);
    for (const language of languages) {
      const end = ending(entry.text[language]);
      if (sentence && !FINAL_PUNCTUATION.test(end)) {
        problems.push(`${entry.key} (${language}) is a sentence without final punctuation: "${entry.text[language]}"`);
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

const QUOTATION_MARKS: Record<Language, readonly string[]> = { en: ['“', '”'], de: ['„', '“'], nl: ['“', '”'] };
const ANY_QUOTATION_MARK = /["“”„‟«»‹›‚‘]/gu;

function typographyProblems(all: Record<Language, Dictionary>): string[] {
  const problems: string[] = [];
  for (const language of languages) {
    const apostrophes = new Set<string>();
    for (const entry of entriesOf(all)) {
      const text = prose(syntaxTree(entry.text[language], language));
      for (const apostrophe of text.match(/['’]/g) ?? []) apostrophes.add(apostrophe);
      if (text.includes("'")) problems.push(`${entry.key} (${language}) has a straight apostrophe ('): write ’`);
      for (const mark of text.match(ANY_QUOTATION_MARK) ?? []) {
        if (!QUOTATION_MARKS[language].includes(mark)) {
          problems.push(`${entry.key} (${language}) has the quotation mark ${mark}: ${language} quotes with ${QUOTATION_MARKS[language].join('…')}`);
        }
      }
      if (text.includes('...')) problems.push(`${entry.key} (${language}) has three dots: write …`);
    }
    if (apostrophes.size > 1) problems.push(`${language} mixes straight and typographic apostrophes`);
  }
  return problems;
}

// ---- The messages as shipped ----

describe('the message files', () => {
  it('have the same keys in every language', () => {
    expect(keyProblems(dictionaries)).toEqual([]);
  });

  it('are valid ICU messages with the same placeholders and tags in every language', () => {
    expect(placeholderProblems(dictionaries)).toEqual([]);
  });

  it('spell e-mail one way per language: e-mail, E-Mail, e-mail(adres)', () => {
    expect(spellingProblems(dictionaries)).toEqual([]);
  });

  it('end every sentence with punctuation, and no heading, label or button with a full stop', () => {
    expect(punctuationProblems(dictionaries)).toEqual([]);
  });

  it('use typographic apostrophes and quotation marks only, and one ellipsis character', () => {
    expect(typographyProblems(dictionaries)).toEqual([]);
  });

  it('the rule finds sentences in every namespace that has them, not just errors', () => {
    // A guard on the rule itself: were it to classify nothing, the punctuation check would be empty.
    const sentences = entriesOf(dictionaries).filter(isSentence).map((entry) => entry.key);
    expect(sentences).toEqual(expect.arrayContaining(['errors.invalidEmail', 'mailSent.body', 'bookings.cancelled', 'validateLink.confirmed']));
    expect(sentences).not.toContain('login.heading');
    expect(sentences).not.toContain('login.submit');
    expect(sentences).not.toContain('signUp.nameHint');
  });

  it('every key in NOTICES exists', () => {
    const keys = new Set(entriesOf(dictionaries).map((entry) => entry.key));
    expect([...NOTICES].filter((key) => !keys.has(key))).toEqual([]);
  });
});

// ---- The checks catch what they are meant to catch ----

type Check = (all: Record<Language, Dictionary>) => string[];

/**
 * The problems a check finds once one message of the shipped dictionaries is replaced, beyond
 * those it finds in them as shipped (so that these cases say something even while the files fail).
 */
function added(check: Check, language: Language, key: string, text: string): string[] {
  const [namespace = '', name = ''] = key.split('.');
  const copy = structuredClone(dictionaries);
  copy[language][namespace]![name] = text;
  const before = new Set(check(dictionaries));
  return check(copy).filter((problem) => !before.has(problem));
}

describe('the checks', () => {
  it.each<[Language, string, string]>([
    ['en', 'errors.userNotFound', 'User not found. Check the email address.'],
    ['en', 'login.emailLabel', 'Work Email'],
    ['en', 'login.intro', 'Enter your work e-mail address and we will send you an E-mail.'],
    ['de', 'errors.invalidEmail', 'Ungültige Email-Adresse.'],
    ['de', 'login.emailLabel', 'Geschäftliche E-mail-Adresse'],
    ['nl', 'errors.invalidEmail', 'Ongeldig emailadres.'],
    ['nl', 'login.emailLabel', 'Zakelijk E-Mailadres'],
  ])('spelling: %s %s "%s" fails', (language, key, text) => {
    expect(added(spellingProblems, language, key, text)).toHaveLength(1);
  });

  it.each<[string, string]>([
    ['{email} in a placeholder', 'Signed in as {email}.'],
    ['<email></email> as a tag', 'We sent a sign-in link to <email></email>.'],
    ['a URL', 'Write to https://support.example.com/email for help.'],
  ])('spelling: English "email" in %s passes', (_where, text) => {
    expect(added(spellingProblems, 'en', 'mailSent.signedIn', text)).toEqual([]);
  });

  it.each<[Language, string, string]>([
    ['en', 'errors.invalidEmail', 'Invalid e-mail address'],
    ['de', 'errors.userClose', 'Die Anmeldung wurde abgebrochen'],
    ['nl', 'bookings.cancelled', 'Reservering geannuleerd'],
    ['en', 'mailSent.body', 'We sent a sign-in link to <email></email>'],
    ['en', 'login.heading', 'Sign in.'],
    ['de', 'login.submit', 'Anmeldelink senden.'],
  ])('punctuation: %s %s "%s" fails', (language, key, text) => {
    expect(added(punctuationProblems, language, key, text)).toHaveLength(1);
  });

  it.each<[Language, string, string]>([
    ['nl', 'invite.intro', "Je bent uitgenodigd. Kies de naam die je collega's zien."],
    ['en', 'errors.userNotFound', 'User not found. Check the "address", or ask your administrator to invite you.'],
    ['de', 'errors.userNotFound', 'Benutzer nicht gefunden. Prüfen Sie die “Adresse”.'],
    ['en', 'common.loading', 'Loading...'],
  ])('typography: %s %s "%s" fails', (language, key, text) => {
    expect(added(typographyProblems, language, key, text).length).toBeGreaterThan(0);
  });

  it('typography: German quoted „so“ passes', () => {
    expect(added(typographyProblems, 'de', 'errors.userNotFound', 'Benutzer nicht gefunden. Prüfen Sie die „Adresse“.')).toEqual([]);
  });

  it.each<[Language, string, string]>([
    ['de', 'mailSent.sendAgainLocked', 'Sie können in {sekunden} s erneut senden.'],
    ['nl', 'mailSent.body', 'We hebben een inloglink gestuurd naar <mail></mail>. Open de link: deze pagina gaat vanzelf verder.'],
    ['en', 'sso.redirecting', 'Taking you there…'],
    ['en', 'login.heading', 'Sign in {'],
  ])('placeholders: %s %s "%s" fails', (language, key, text) => {
    expect(added(placeholderProblems, language, key, text)).toHaveLength(1);
  });

  it('keys: a key only one language has fails', () => {
    const all = structuredClone(dictionaries);
    all.nl.login!.extra = 'Extra';
    delete all.de.login!.or;
    expect(keyProblems(all)).toEqual(['de lacks login.or', 'nl has login.extra, which English lacks']);
  });
});
