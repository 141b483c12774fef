import { join } from 'node:path';
import {
  dictionariesIn,
  entriesOf,
  isSentence,
  keyProblems,
  NOTICES,
  placeholderProblems,
  punctuationProblems,
  spellingProblems,
  typographyProblems,
  type Dictionaries,
} from './message-style-rules';
import type { Language } from '@/lib/vocabulary/languages';

/** The rules are in message-style-rules.ts, with why each holds. */

const dictionaries = dictionariesIn(join(process.cwd(), 'messages'));

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
    expect(sentences).toEqual(expect.arrayContaining(['errors.invalidEmail', 'mailSent.body', 'bookings.invalid', 'validateLink.confirmed']));
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

type Check = (all: Dictionaries) => string[];

/**
 * The problems a check finds once one message of the shipped dictionaries is replaced, beyond
 * those it finds in them as shipped (so that these cases say something even while the files fail).
 */
function added(check: Check, language: Language, key: string, text: string): string[] {
  const [namespace = '', name = ''] = key.split('.');
  const copy = structuredClone(dictionaries);
  copy[language]![namespace]![name] = text;
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
    ['nl', 'bookings.invalid', 'Deze link is ongeldig'],
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

  it.each<[string, string]>([
    ['\u00A0', 'U+00A0 NO-BREAK SPACE'],
    ['\u202F', 'U+202F NARROW NO-BREAK SPACE'],
    ['\u200B', 'U+200B ZERO WIDTH SPACE'],
  ])('typography: an invisible character (%j) is named by its code point, %s', (character, name) => {
    expect(added(typographyProblems, 'en', 'errors.userNotFound', `User not found.${character}Check the address.`)).toEqual([
      `errors.userNotFound (en) has the invisible character ${name}: write a plain space, or none`,
    ]);
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
    all.nl!.login!.extra = 'Extra';
    delete all.de!.login!.or;
    expect(keyProblems(all)).toEqual(['de lacks login.or', 'nl has login.extra, which en lacks']);
  });
});
