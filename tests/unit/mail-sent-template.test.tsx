import { renderToString } from 'react-dom/server';
import { EmailAddress } from '@/components/ui/email-address';
import { addressHtml } from '@/lib/flows/email-sign-in/address-in-template';
import { mailSentVariant } from '@/lib/flows/email-sign-in/mail-sent-template';

/**
 * The mail-sent view's template (lib/flows/email-sign-in/mail-sent-template.ts) writes the address
 * as components/ui/email-address.tsx renders it: byte for byte what React writes, for any address.
 * (That the Flight payload carries it as React's does: tests/e2e/mail-sent-template.spec.ts.)
 */

const ADDRESSES = [
  'anna@acme.test',
  'anna.de.vries+desks@mail.eu.acme.test',
  `o'brien&amp;"<script>alert(1)</script>@acme.test`,
  '</script><script>@acme.test',
  '$L1@acme.test',
  'line\u2028separator@acme.test',
  '\u202eevil.com\u202c@acme.test',
  'anna👩‍💻@acme.test',
  'anna@xn--mller-kva.de',
  'ivan@пример.рф',
  'no-at-sign',
  '@',
  `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}`,
];

describe("the template's address", () => {
  it.each(ADDRESSES)('is written as React renders %j', (email) => {
    expect(addressHtml(email)).toBe(renderToString(<EmailAddress email={email} />));
  });
});

describe("the wait's template", () => {
  it('shows the webmail shortcut the address makes obvious, "just now" for a minute, then "minutes ago"', () => {
    expect(mailSentVariant({ email: 'anna@acme.test' }, 0)).toBe('now');
    expect(mailSentVariant({ email: 'anna@gmail.com' }, 59_999)).toBe('now.gmail');
    expect(mailSentVariant({ email: 'anna@hotmail.com' }, 60_000)).toBe('ago.outlook');
    expect(mailSentVariant({ email: 'anna@acme.test', confirmedElsewhere: { subDomain: 'acme', authToken: 't' } }, 0)).toBe('code');
  });
});
