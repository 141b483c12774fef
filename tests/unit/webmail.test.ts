import { webmailFor } from '@/lib/flows/email-sign-in/webmail';

describe('webmailFor', () => {
  it.each([
    ['anna@gmail.com', 'gmail'],
    ['anna@googlemail.com', 'gmail'],
    ['Anna@GMail.COM', 'gmail'],
    ['anna@outlook.com', 'outlook'],
    ['anna@hotmail.de', 'outlook'],
    ['anna@live.nl', 'outlook'],
    ['anna@HOTMAIL.co.uk', 'outlook'],
  ])('offers a button for %s (%s)', (email, provider) => {
    expect(webmailFor(email)).toEqual({ provider, url: expect.stringMatching(/^https:\/\//) });
  });

  it('opens the provider inbox', () => {
    expect(webmailFor('anna@gmail.com')?.url).toMatch(/^https:\/\/mail\.google\.com\//);
    expect(webmailFor('anna@outlook.com')?.url).toMatch(/^https:\/\/outlook\.live\.com\//);
  });

  it.each(['anna@acme.com', 'anna@gmail.com.acme.com', 'anna@mail.gmail.com', 'gmail.com@acme.com', 'anna@notoutlook.com'])(
    'offers none for %s',
    (email) => {
      expect(webmailFor(email)).toBeUndefined();
    },
  );
});
