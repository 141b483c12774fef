import { domainToASCII, domainToUnicode } from 'node:url';
import { LATIN_LOOK_ALIKES } from './latin-look-alikes';

/**
 * An address on an internationalised domain (`anna@müller.de`) has two forms: the one a person
 * types and reads, and the one the backend receives, its domain in ASCII (`anna@xn--mller-kva.de`,
 * IDNA's Punycode). Chromium's e-mail field sends the ASCII form, Firefox's the typed one, so the
 * app keeps whichever it got and converts where the address leaves it: for the backend here, and
 * for people where it is shown (components/ui/email-address.tsx, the kept address in the form).
 * Server only: the browser has no IDNA conversion of its own to offer scripts.
 */

const ASCII = /^[\x00-\x7f]*$/;

function split(email: string): [local: string, domain: string] | undefined {
  const at = email.lastIndexOf('@');
  return at < 0 ? undefined : [email.slice(0, at), email.slice(at + 1)];
}

/** The address as the backend expects it; one whose domain cannot be converted is sent as it is, for the backend to refuse. */
export function addressForBackend(email: string): string {
  const parts = split(email);
  if (!parts || ASCII.test(parts[1])) return email;
  const ascii = domainToASCII(parts[1]);
  return ascii ? `${parts[0]}@${ascii}` : email;
}

// A label is shown in Unicode only where a careful browser would show it (UTS #39, and Chromium's
// IDN policy): every character counts, digits and marks included, each by its Script_Extensions,
// where Common and Inherited go with any script. Anything else stays Punycode, which cannot pass for
// another domain: "аpple" with a Cyrillic а, "g൦൦gle" with Malayalam zeros, "аррӏе" all Cyrillic.

// UAX #31's scripts recommended for identifiers, Latin first as the most common; another script
// (Cherokee, Runic…) is shown in Punycode, as ICU's spoof checker in Chromium does.
const RECOMMENDED_SCRIPTS = ['Latin', 'Arabic', 'Armenian', 'Bengali', 'Bopomofo', 'Cyrillic', 'Devanagari', 'Ethiopic', 'Georgian', 'Greek', 'Gujarati', 'Gurmukhi', 'Han', 'Hangul', 'Hebrew', 'Hiragana', 'Kannada', 'Katakana', 'Khmer', 'Lao', 'Malayalam', 'Myanmar', 'Oriya', 'Sinhala', 'Tamil', 'Telugu', 'Thaana', 'Thai', 'Tibetan'];
// UTS #39's "Highly Restrictive": one script, or the scripts Japanese, Chinese and Korean write together.
const ALLOWED_SCRIPT_SETS = [...RECOMMENDED_SCRIPTS.map((script) => [script]), ['Latin', 'Han', 'Hiragana', 'Katakana'], ['Latin', 'Han', 'Bopomofo'], ['Latin', 'Han', 'Hangul']];
const withinScripts = (scripts: string[]) => new RegExp(`^[${[...scripts, 'Common', 'Inherited'].map((script) => `\\p{scx=${script}}`).join('')}]+$`, 'u');
const IN_ALLOWED_SCRIPTS = ALLOWED_SCRIPT_SETS.map(withinScripts);
const IN_LATIN = IN_ALLOWED_SCRIPTS[0]!;

// A label whose every character looks like a Latin letter or digit reads as a Latin domain however
// single its script (UTS #39's whole-script confusables): Cyrillic "аррӏе" is "apple" to a reader.
const ALL_LATIN_LOOK_ALIKES = new RegExp(`^[${LATIN_LOOK_ALIKES}\\p{Mn}0-9-]+$`, 'u');

// Joiners and other default-ignorable characters: IDNA allows a few, and nobody sees them.
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/u;
const DIGIT = /\p{Nd}/u;

/** The zero of a digit's numbering system: decimal digits come in runs of ten, 0 to 9, in order. */
function zeroOf(digit: number): number {
  let first = digit;
  while (DIGIT.test(String.fromCodePoint(first - 1))) first -= 1;
  return digit - ((digit - first) % 10);
}

function hasOneNumberingSystem(label: string): boolean {
  const zeros = new Set(Array.from(label.matchAll(/\p{Nd}/gu), ([digit]) => zeroOf(digit.codePointAt(0)!)));
  return zeros.size <= 1;
}

function isShownInUnicode(label: string): boolean {
  if (ASCII.test(label)) return true;
  if (INVISIBLE.test(label) || !hasOneNumberingSystem(label)) return false;
  if (IN_LATIN.test(label)) return true;
  return IN_ALLOWED_SCRIPTS.some((scripts) => scripts.test(label)) && !ALL_LATIN_LOOK_ALIKES.test(label.normalize('NFD'));
}

/** The address as a person reads it: the domain in Unicode, as it was typed, unless a label could pass for another. */
export function addressForPeople(email: string): string {
  const parts = split(email);
  if (!parts) return email;
  const ascii = domainToASCII(parts[1]);
  if (!ascii) return email;
  const unicode = domainToUnicode(ascii);
  return unicode && unicode.split('.').every(isShownInUnicode) ? `${parts[0]}@${unicode}` : `${parts[0]}@${ascii}`;
}

/**
 * An address as people read it (`addressForPeople`), in the parts it may wrap between: the name
 * with its "@" (split before each dot) and the domain (split before each dot but its last), as
 * components/ui/email-address.tsx shows them.
 */
export function addressParts(received: string): { name: string[]; domain: string[] } {
  const email = addressForPeople(received);
  const afterAt = email.lastIndexOf('@') + 1;
  const domain = email.slice(afterAt).split(/(?=\.)/);
  return { name: email.slice(0, afterAt).split(/(?=\.)/), domain: [...domain.slice(0, -2), domain.slice(-2).join('')] };
}
