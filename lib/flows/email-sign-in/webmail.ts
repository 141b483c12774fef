/**
 * A shortcut to the inbox where the address makes the provider obvious. Company domains hosted
 * by Google or Microsoft are not guessed: a wrong button is worse than none.
 */
export type Webmail = { provider: 'gmail' | 'outlook'; url: string };

const providers: { provider: Webmail['provider']; url: string; domains: string[] }[] = [
  { provider: 'gmail', url: 'https://mail.google.com/mail/u/0/#inbox', domains: ['gmail.com', 'googlemail.com'] },
  {
    provider: 'outlook',
    url: 'https://outlook.live.com/mail/0/inbox',
    domains: ['outlook.com', 'hotmail.com', 'live.com', 'msn.com', 'outlook.de', 'hotmail.de', 'live.de', 'outlook.nl', 'hotmail.nl', 'live.nl', 'hotmail.co.uk', 'live.co.uk'],
  },
];

export function webmailFor(email: string): Webmail | undefined {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  const match = providers.find((candidate) => candidate.domains.includes(domain));
  return match && { provider: match.provider, url: match.url };
}
