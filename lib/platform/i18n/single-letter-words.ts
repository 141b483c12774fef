/** A word that begins with one letter and a hyphen: "E-Mail", "U-Bahn", "e-mail". */
const SINGLE_LETTER_AND_HYPHEN = /(?<![\p{L}\p{N}])\p{L}-\p{L}+/gu;

/**
 * The text cut around each word that begins with one letter and a hyphen, which no line may break
 * after that letter ("E-" | "Mail-Adresse" on a narrow phone): the text between them, possibly
 * empty, and each word as `word` makes it of the word and where it begins, in turn. Undefined when
 * the text has no such word.
 */
export function aroundSingleLetterWords<Word>(text: string, word: (word: string, at: number) => Word): (string | Word)[] | undefined {
  const pieces: (string | Word)[] = [];
  let end = 0;
  for (const match of text.matchAll(SINGLE_LETTER_AND_HYPHEN)) {
    pieces.push(text.slice(end, match.index), word(match[0], match.index));
    end = match.index + match[0].length;
  }
  return pieces.length === 0 ? undefined : [...pieces, text.slice(end)];
}
