/**
 * The input rules (docs/product.md, Input rules), as plain functions: the same checks run in
 * the browser (without pulling a schema library into the page) and on the server.
 */

export const DISPLAY_NAME_MAX_LENGTH = 255;

// The WHATWG rule for <input type=email>, with a dot required in the domain: a workplace
// address always has one, and "anna@acme" is far more likely a typo than a real address. A
// domain label may hold letters and digits of any script, as typed (`müller.de`): Firefox sends
// it so, Chromium sends its ASCII form, and the backend receives that form (lib/vocabulary/email-address.ts).
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[\p{L}\p{N}](?:[\p{L}\p{M}\p{N}-]{0,61}[\p{L}\p{M}\p{N}])?(?:\.[\p{L}\p{N}](?:[\p{L}\p{M}\p{N}-]{0,61}[\p{L}\p{M}\p{N}])?)+$/u;

export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(value);
}

/** Sign-up display name: 1 to 255 characters, not only spaces. */
export function isValidDisplayName(value: string): boolean {
  return value.trim().length >= 1 && value.length <= DISPLAY_NAME_MAX_LENGTH;
}

// Letters and digits of any script, spaces, and , . - _ = @
const INVITE_NAME_CHARACTER = /^[\p{L}\p{M}\p{N} ,.\-_=@]$/u;

/** The first character of an invited user's name that the rule does not allow, if any. */
export function disallowedInviteNameCharacter(value: string): string | undefined {
  return Array.from(value).find((character) => !INVITE_NAME_CHARACTER.test(character));
}

/** Invited user's name: not blank, only letters, digits, spaces and , . - _ = @, at most 255. */
export function isValidInviteName(value: string): boolean {
  return isValidDisplayName(value) && disallowedInviteNameCharacter(value) === undefined;
}

/**
 * A character as a message names it: itself, or its code point when it cannot be seen (a
 * no-break space, a tab, a control or formatting character).
 */
export function visibleCharacter(character: string): string {
  return /[\p{C}\p{Z}]/u.test(character) ? `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}` : character;
}
