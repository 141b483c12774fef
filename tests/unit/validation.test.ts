import {
  DISPLAY_NAME_MAX_LENGTH,
  disallowedInviteNameCharacter,
  isValidDisplayName,
  isValidEmail,
  isValidInviteName,
  visibleCharacter,
} from '@/lib/vocabulary/validation';
import { characterNamedInWords } from '@/components/invite/named-characters';

describe('isValidEmail', () => {
  it.each([
    'anna@example.com',
    'anna+desks@example.com',
    'anna.bakker@mail.office.example.co.uk',
    'a@x.io',
    'o\'brien@example.com',
    'ANNA@EXAMPLE.COM',
    'anna@my-company.com',
    `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`, // 254 characters
    // An internationalised domain as a person types it (Firefox sends it so), and as Chromium sends it.
    'anna@müller.de',
    'anna@xn--mller-kva.de',
    'ivan@пример.рф',
  ])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    ['no @', 'anna.example.com'],
    ['no dot in the domain', 'anna@example'],
    ['a space', 'anna bakker@example.com'],
    ['a trailing space', 'anna@example.com '],
    ['two @', 'anna@b@example.com'],
    ['nothing before @', '@example.com'],
    ['nothing after @', 'anna@'],
    ['a leading dot in the domain', 'anna@.example.com'],
    ['a trailing dot in the domain', 'anna@example.com.'],
    ['two dots in the domain', 'anna@example..com'],
    ['a hyphen starting a label', 'anna@-example.com'],
    ['a label of 64 characters', `anna@${'a'.repeat(64)}.com`],
    ['255 characters', `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.com`],
    ['an empty string', ''],
    ['no dot in an internationalised domain', 'anna@müller'],
    ['a hyphen starting an internationalised label', 'anna@-müller.de'],
    ['a space in an internationalised domain', 'anna@mül ler.de'],
  ])('refuses %s', (_case, email) => {
    expect(isValidEmail(email)).toBe(false);
  });
});

describe('isValidDisplayName', () => {
  it('has a limit of 255 characters', () => {
    expect(DISPLAY_NAME_MAX_LENGTH).toBe(255);
  });

  it.each([
    ['one character', 'A'],
    ['a name with spaces', '  Anna Bakker '],
    ['255 characters', 'a'.repeat(255)],
  ])('accepts %s', (_case, name) => {
    expect(isValidDisplayName(name)).toBe(true);
  });

  it.each([
    ['an empty name', ''],
    ['only spaces', '   '],
    ['only white space', ' \t\n'],
    ['256 characters', 'a'.repeat(256)],
  ])('refuses %s', (_case, name) => {
    expect(isValidDisplayName(name)).toBe(false);
  });
});

describe('isValidInviteName', () => {
  it.each([
    'Anna Bakker',
    'Zoë',
    'Zoe\u0308', // the same name with a combining diaeresis
    'Łukasz',
    '李雷',
    'Ålesund-Øster_2',
    'Bakker, Anna',
    'A. Bakker',
    'anna=admin@acme',
    'a'.repeat(255),
  ])('accepts %j', (name) => {
    expect(isValidInviteName(name)).toBe(true);
  });

  it.each([
    ['markup', '<script>alert(1)</script>'],
    ['a semicolon', 'Anna; DROP'],
    ['a slash', 'Anna/Bakker'],
    ['a double quote', 'Anna "the" Bakker'],
    ["a single quote", "O'Brien"],
    ['an emoji', 'Anna 😀'],
    ['an empty name', ''],
    ['only spaces', '   '],
    ['256 characters', 'a'.repeat(256)],
  ])('refuses %s', (_case, name) => {
    expect(isValidInviteName(name)).toBe(false);
  });
});

describe('disallowedInviteNameCharacter', () => {
  it.each([
    ["Sinéad O'Brien", "'"],
    ["van 't Hof", "'"],
    ['O’Brien', '’'],
    ['<b>Bob</b>', '<'],
    ['Anna 😀', '😀'],
    ['Anna\u00a0Bakker', '\u00a0'],
  ])('names the first character of %j that the rule refuses', (name, character) => {
    expect(disallowedInviteNameCharacter(name)).toBe(character);
  });

  it.each(['Sinéad OBrien', 'van t Hof', 'Zoe\u0308', '李雷', ''])('finds none in %j', (name) => {
    expect(disallowedInviteNameCharacter(name)).toBeUndefined();
  });
});

describe('visibleCharacter', () => {
  it.each([
    ["'", "'"],
    ['😀', '😀'],
    ['\u00a0', 'U+00A0'],
    ['\t', 'U+0009'],
    ['\u200b', 'U+200B'],
  ])('shows %j as %j', (character, shown) => {
    expect(visibleCharacter(character)).toBe(shown);
  });
});

describe('characterNamedInWords', () => {
  it.each([
    ["'", 'apostrophe'],
    ['’', 'apostrophe'],
    ['`', 'apostrophe'],
    ['"', 'quotationMark'],
    ['„', 'quotationMark'],
    ['»', 'quotationMark'],
    ['<', undefined],
    ['!', undefined],
  ] as const)('%s: %s', (character, named) => {
    expect(characterNamedInWords(character)).toBe(named);
  });
});
