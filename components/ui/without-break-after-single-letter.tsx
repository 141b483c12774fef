import type { ReactNode } from 'react';
import { aroundSingleLetterWords } from '@/lib/platform/i18n/single-letter-words';

/**
 * The text, with no line ending after a single letter and its hyphen ("E-" | "Mail-Adresse" on a
 * narrow phone). The characters stay as written, so that the text reads, copies and is found as
 * it is; only the layout keeps such a word on one line. A template's writer renders it the same
 * way without React (lib/platform/pages/login-message-template.ts).
 */
export function withoutBreakAfterSingleLetter(text: string): ReactNode {
  return (
    aroundSingleLetterWords(text, (word, at) => (
      <span key={at} className="whitespace-nowrap">
        {word}
      </span>
    )) ?? text
  );
}
