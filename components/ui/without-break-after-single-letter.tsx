import type { ReactNode } from 'react';

/** A word that begins with one letter and a hyphen: "E-Mail", "U-Bahn", "e-mail". */
const SINGLE_LETTER_AND_HYPHEN = /(?<![\p{L}\p{N}])\p{L}-\p{L}+/gu;

/**
 * The text, with no line ending after a single letter and its hyphen ("E-" | "Mail-Adresse" on a
 * narrow phone). The characters stay as written, so that the text reads, copies and is found as
 * it is; only the layout keeps such a word on one line.
 */
export function withoutBreakAfterSingleLetter(text: string): ReactNode {
  const parts: ReactNode[] = [];
  let end = 0;
  for (const match of text.matchAll(SINGLE_LETTER_AND_HYPHEN)) {
    parts.push(
      text.slice(end, match.index),
      <span key={match.index} className="whitespace-nowrap">
        {match[0]}
      </span>,
    );
    end = match.index + match[0].length;
  }
  return parts.length === 0 ? text : [...parts, text.slice(end)];
}
