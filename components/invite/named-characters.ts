/**
 * Marks that a message names in words: shown between quotation marks of its own, an apostrophe or
 * a quotation mark reads as three marks in a row (“'”).
 */
const CHARACTERS_NAMED_IN_WORDS: Record<string, 'apostrophe' | 'quotationMark'> = {
  "'": 'apostrophe',
  '’': 'apostrophe',
  '‘': 'apostrophe',
  '`': 'apostrophe',
  '´': 'apostrophe',
  '"': 'quotationMark',
  '“': 'quotationMark',
  '”': 'quotationMark',
  '„': 'quotationMark',
  '‚': 'quotationMark',
  '«': 'quotationMark',
  '»': 'quotationMark',
};

export function characterNamedInWords(character: string): 'apostrophe' | 'quotationMark' | undefined {
  return CHARACTERS_NAMED_IN_WORDS[character];
}
