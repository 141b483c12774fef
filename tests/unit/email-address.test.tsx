/** @jest-environment jsdom */
import { render } from '@testing-library/react';
import { EmailAddress } from '@/components/ui/email-address';
import { addressForBackend, addressForPeople } from '@/lib/vocabulary/email-address';
import { callBackend } from '@/lib/platform/backend/client';
import { addUser, createUser, verifyUser } from '@/lib/platform/backend/auth';

/**
 * Issue 43, item 6: an address on an internationalised domain is shown as the person typed it
 * (Unicode), and the backend receives the form it expects (the domain in ASCII, Punycode),
 * whichever of the two the browser sent (Chromium sends Punycode, Firefox what was typed).
 */

jest.mock('@/lib/platform/backend/client', () => ({
  ...jest.requireActual('@/lib/platform/backend/client'),
  callBackend: jest.fn(async () => ({ ok: true, value: { next: 'linkSent', uuid: 'u-1' } })),
}));

describe('addressForBackend', () => {
  it.each([
    ['anna@müller.de', 'anna@xn--mller-kva.de'],
    ['anna@xn--mller-kva.de', 'anna@xn--mller-kva.de'],
    ['Anna@Müller.DE', 'Anna@xn--mller-kva.de'],
    ['ivan@пример.рф', 'ivan@xn--e1afmkfd.xn--p1ai'],
  ])('sends %s as %s', (typed, sent) => {
    expect(addressForBackend(typed)).toBe(sent);
  });

  it.each(['anna.de.vries+desks@acme.test', 'ANNA@EXAMPLE.COM'])('leaves the ASCII address %s exactly as it is (the positive control)', (typed) => {
    expect(addressForBackend(typed)).toBe(typed);
  });

  it('leaves an address whose domain cannot be converted for the backend to refuse', () => {
    expect(addressForBackend('anna@xn--a.de')).toBe('anna@xn--a.de');
  });
});

describe('addressForPeople', () => {
  it.each(['anna@xn--mller-kva.de', 'anna@müller.de'])('shows %s as anna@müller.de', (received) => {
    expect(addressForPeople(received)).toBe('anna@müller.de');
  });

  it('shows an ASCII address unchanged (the positive control)', () => {
    expect(addressForPeople('anna@acme.test')).toBe('anna@acme.test');
  });

  it('keeps Punycode where a label mixes scripts, which a look-alike of a known domain does', () => {
    // "аcme" with a Cyrillic а: in Unicode it would read as acme.test.
    const lookAlike = addressForBackend('anna@\u0430cme.test');
    expect(lookAlike).toMatch(/^anna@xn--/);
    expect(addressForPeople(lookAlike)).toBe(lookAlike);
    // One script per label is shown as typed, whichever script it is.
    expect(addressForPeople('ivan@xn--e1afmkfd.xn--p1ai')).toBe('ivan@пример.рф');
  });
});

describe('addressForPeople, judging every character as a careful browser does (issue 48, point 2)', () => {
  // The security review's addresses: each reads as a known brand's domain when shown in Unicode.
  it.each([
    ['ceo@g\u0d66\u0d66gle.com', 'Malayalam zeros in a Latin label'],
    ['ceo@g\u0966\u0966gle.com', 'Devanagari zeros in a Latin label'],
    ['ceo@\u0430\u0440\u0440\u04cf\u0435.com', 'a label all in Cyrillic letters that look Latin ("apple")'],
    ['ceo@\u0441\u043e\u0441\u043e.com', 'a label all in Cyrillic letters that look Latin ("coco")'],
  ])('shows %s in Punycode: %s', (typed) => {
    const punycode = addressForBackend(typed);
    expect(punycode).toMatch(/^ceo@xn--[a-z0-9-]+\.com$/);
    expect(addressForPeople(typed)).toBe(punycode);
    expect(addressForPeople(punycode)).toBe(punycode);
  });

  // The positive controls: one script, or scripts a language writes together, and not all look-alikes.
  it.each([
    ['anna@müller.de', 'Latin'],
    ['post@bücher.example', 'Latin'],
    ['ceo@яндекс.рф', 'Cyrillic, with letters no Latin one looks like'],
    ['ivan@пример.рф', 'Cyrillic'],
    ['info@日本語.jp', 'Han'],
    ['a@ελληνικά.gr', 'Greek'],
    ['info@例え.テスト', 'Han with Hiragana, and Katakana'],
    ['info@ソニーstore.jp', 'Katakana with Latin, as Japanese writes'],
    ['info@भारत३.भारत', 'Devanagari with a Devanagari digit'],
    ['info@क्ष.भारत', 'Devanagari with a conjunct'],
  ])('shows %s in Unicode (%s)', (typed) => {
    expect(addressForPeople(addressForBackend(typed))).toBe(typed);
  });

  it('shows Punycode where digits of two numbering systems meet in a label', () => {
    const mixed = addressForBackend('info@भारत३3.भारत');
    expect(mixed).toMatch(/^info@xn--/);
    expect(addressForPeople(mixed)).toBe(mixed);
    expect(addressForPeople(addressForBackend('info@भारत33.भारत'))).toBe('info@भारत33.भारत');
  });

  it('shows Punycode where a label holds an invisible character', () => {
    // A zero-width non-joiner after the virama: allowed by IDNA, and not seen by the reader.
    const invisible = addressForBackend('info@क्\u200cष.भारत');
    expect(invisible).toMatch(/^info@xn--/);
    expect(addressForPeople(invisible)).toBe(invisible);
  });

  it('shows Punycode for a script outside those recommended for identifiers', () => {
    // Cherokee, many of whose letters look Latin (Ꮪ, Ꭺ, Ꮃ): Chromium shows it in Punycode too.
    const cherokee = addressForBackend('info@ᏣᎳᎩ.com');
    expect(cherokee).toMatch(/^info@xn--/);
    expect(addressForPeople(cherokee)).toBe(cherokee);
  });
});

describe('EmailAddress', () => {
  it('shows an address Chromium sent in Punycode as the person typed it', () => {
    const { container } = render(<EmailAddress email="anna@xn--mller-kva.de" />);
    expect(container).toHaveTextContent(/^anna@müller\.de$/);
  });

  it('shows an ASCII address unchanged', () => {
    const { container } = render(<EmailAddress email="anna@acme.test" />);
    expect(container).toHaveTextContent(/^anna@acme\.test$/);
  });
});

describe('the calls that carry an address', () => {
  const sent = () => jest.mocked(callBackend).mock.calls.at(-1)![0];

  it('verifyUser sends the domain in ASCII', async () => {
    await verifyUser('anna@müller.de', 'device-1');
    expect(sent().pathParams).toEqual({ email: 'anna@xn--mller-kva.de' });
    await verifyUser('anna@acme.test', 'device-1');
    expect(sent().pathParams).toEqual({ email: 'anna@acme.test' });
  });

  it('createUser and addUser send the domain in ASCII', async () => {
    await createUser({ email: 'anna@müller.de', displayName: 'Anna' }, 'token', 'device-1');
    expect(sent().body).toEqual({ email: 'anna@xn--mller-kva.de', displayName: 'Anna' });
    await addUser({ email: 'anna@müller.de', forwarded: { inviteToken: 'invite-ok' } }, 'Anna', 'device-1');
    expect(sent().body).toEqual({ inviteToken: 'invite-ok', email: 'anna@xn--mller-kva.de', name: 'Anna' });
  });
});
