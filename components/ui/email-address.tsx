import { Fragment, type ReactNode } from 'react';
import { addressParts } from '@/lib/vocabulary/email-address';

/**
 * An e-mail address that wraps after its "@" ("anna.de.vries@" | "acme.example"), never inside a
 * word. The name before the "@" is an inline block: it moves to the next line whole where it fits
 * there, and wraps before a dot only when wider than the line. The domain stays inline text, so
 * that the sentence's full stop keeps to it; it wraps before a dot too, but never before its last,
 * so no line holds ".test" alone. Only a single word wider than the whole line breaks anywhere,
 * rather than stick out of a phone's screen (WCAG 1.4.10).
 */
export function EmailAddress({ email: received }: { email: string }) {
  // As the person typed it, whichever form the browser sent or the backend wrote into a link.
  const { name, domain } = addressParts(received);
  return (
    <span className="wrap-anywhere">
      <span className="inline-block max-w-full">{withBreaks(name)}</span>
      <wbr />
      {withBreaks(domain)}
    </span>
  );
}

/** The parts, with a line break allowed between each two. */
function withBreaks(parts: string[]): ReactNode {
  return parts.map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}
