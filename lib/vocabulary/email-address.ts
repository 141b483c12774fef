import { domainToASCII, domainToUnicode } from 'node:url';

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

// One script per label: a label that mixes them is how a look-alike of a known domain is made
// ("аcme" with a Cyrillic а), so such a domain is shown as Punycode, as browsers show it.
const SCRIPTS = ['Latin', 'Greek', 'Cyrillic', 'Armenian', 'Georgian', 'Hebrew', 'Arabic', 'Devanagari', 'Bengali', 'Tamil', 'Thai', 'Hangul'].map(
  (script) => new RegExp(`^\\p{Script=${script}}$`, 'u'),
);
// Japanese writes one word in three scripts, and Chinese in one of them.
const HAN_KANA = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]$/u;

function isOneScript(label: string): boolean {
  const letters = Array.from(label).filter((character) => /\p{L}/u.test(character));
  const scripts = [...SCRIPTS, HAN_KANA];
  return scripts.some((script) => letters.every((letter) => script.test(letter)));
}

/** The address as a person reads it: the domain in Unicode, as it was typed, unless a label mixes scripts. */
export function addressForPeople(email: string): string {
  const parts = split(email);
  if (!parts) return email;
  const ascii = domainToASCII(parts[1]);
  if (!ascii) return email;
  const unicode = domainToUnicode(ascii);
  return unicode && unicode.split('.').every(isOneScript) ? `${parts[0]}@${unicode}` : `${parts[0]}@${ascii}`;
}
