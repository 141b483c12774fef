import { invitingOrganisation, isCompleteInvitation } from '@/lib/invitation';

describe('isCompleteInvitation', () => {
  it('needs the invitation token and the address', () => {
    expect(isCompleteInvitation({ email: 'someone@acme.test', inviteToken: 'token' })).toBe(true);
    expect(isCompleteInvitation({})).toBe(false);
    expect(isCompleteInvitation({ email: 'someone@acme.test' })).toBe(false);
    expect(isCompleteInvitation({ inviteToken: 'token' })).toBe(false);
    expect(isCompleteInvitation({ email: ' ', inviteToken: 'token' })).toBe(false);
  });
});

describe('invitingOrganisation', () => {
  it('is the sub-domain, or else the domain, when it is one DNS label', () => {
    expect(invitingOrganisation({ subDomain: 'acme' })).toBe('acme');
    expect(invitingOrganisation({ domain: 'Globex' })).toBe('globex');
    expect(invitingOrganisation({ subDomain: 'not a label', domain: 'initech' })).toBe('initech');
  });

  it.each([
    ['free text', 'Your account is locked, call +1 555 0100'],
    ['a host name', 'acme.evil.example'],
    ['markup', '<b>acme</b>'],
    ['64 characters', 'a'.repeat(64)],
    ['a leading hyphen', '-acme'],
    ['nothing', ''],
  ])('is nothing for %s', (_case, value) => {
    expect(invitingOrganisation({ subDomain: value, domain: value })).toBeUndefined();
  });
});
