/**
 * The input rules (docs/product.md, Input rules), as plain functions: the same checks run in
 * the browser (without pulling a schema library into the page) and on the server.
 */

export const DISPLAY_NAME_MAX_LENGTH = 255;

// The WHATWG rule for <input type=email>, with a dot required in the domain: a workplace
// address always has one, and "anna@acme" is far more likely a typo than a real address.
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(value);
}

/** Sign-up display name: 1 to 255 characters, not only spaces. */
export function isValidDisplayName(value: string): boolean {
  return value.trim().length >= 1 && value.length <= DISPLAY_NAME_MAX_LENGTH;
}

// Letters and digits of any script, spaces, and , . - _ = @
const INVITE_NAME_PATTERN = /^[\p{L}\p{M}\p{N} ,.\-_=@]+$/u;

/** Invited user's name: not blank, only letters, digits, spaces and , . - _ = @, at most 255. */
export function isValidInviteName(value: string): boolean {
  return isValidDisplayName(value) && INVITE_NAME_PATTERN.test(value);
}
