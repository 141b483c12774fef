import { Fragment } from 'react';

/** After the "@" and before each dot: where typesetters break an address, so no line ends in half a word. */
const BREAK_POINTS = /(?<=@)|(?=\.)/;

/**
 * An e-mail address that wraps only between its parts ("newbie2@" | "acme" | ".test"), never
 * inside one. A single part wider than the whole line is the one exception: it breaks anywhere
 * rather than stick out of a phone's screen (WCAG 1.4.10).
 */
export function EmailAddress({ email }: { email: string }) {
  return (
    <span className="wrap-anywhere">
      {email.split(BREAK_POINTS).map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
