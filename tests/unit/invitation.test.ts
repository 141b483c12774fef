import { FORWARDED_FIELD_MAX_LENGTH, forwardedInvitationFields, invitedAddressShown, invitingOrganisation, isCompleteInvitation } from '@/lib/flows/invitation';
import { INVITATION_TEMPLATES, invitationTemplateOfSegment, invitationTemplateSegment } from '@/lib/flows/invitation-template';

describe('isCompleteInvitation', () => {
  it('needs the address only, as the specification names the link\'s fields', () => {
    expect(isCompleteInvitation({ email: 'someone@acme.test' })).toBe(true);
    expect(isCompleteInvitation({ email: 'someone@acme.test', inviteToken: 'token' })).toBe(true);
    expect(isCompleteInvitation({})).toBe(false);
    expect(isCompleteInvitation({ inviteToken: 'token' })).toBe(false);
    expect(isCompleteInvitation({ email: ' ', inviteToken: 'token' })).toBe(false);
  });
});

describe('forwardedInvitationFields', () => {
  const allowlist = ['inviteToken', 'language', 'team'];

  it('passes on the allowlisted fields of the link, and no other key of its query', () => {
    const link = { email: 'new@acme.test', inviteToken: 't-1', language: 'nl', team: 'Desk 4', role: 'ROLE_MANAGER', isAdmin: 'true' };
    expect(forwardedInvitationFields(link, allowlist)).toEqual({ inviteToken: 't-1', language: 'nl', team: 'Desk 4' });
  });

  it('never passes on what the app sets itself, even when an allowlist names it', () => {
    const link = { email: 'planted@evil.test', name: 'Planted', deviceId: 'planted', DEVICEID: 'planted', inviteToken: 't-1' };
    expect(forwardedInvitationFields(link, ['email', 'name', 'deviceId', 'DEVICEID', 'inviteToken'])).toEqual({ inviteToken: 't-1' });
  });

  it(`leaves out a value longer than ${FORWARDED_FIELD_MAX_LENGTH} characters; one of exactly that length goes`, () => {
    const longest = 'a'.repeat(FORWARDED_FIELD_MAX_LENGTH);
    expect(forwardedInvitationFields({ inviteToken: longest, language: `${longest}a` }, allowlist)).toEqual({ inviteToken: longest });
  });

  it('reads only the link\'s own keys, never inherited ones', () => {
    expect(forwardedInvitationFields(JSON.parse('{"__proto__": {"inviteToken": "x"}}') as Record<string, string>, ['inviteToken', '__proto__'])).toEqual({});
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

describe("an invitation's templates", () => {
  it('are one for each of what the link names that the screen shows, each named by a segment that reads back', () => {
    expect(INVITATION_TEMPLATES.map(invitationTemplateSegment)).toEqual(['plain', 'address', 'organisation', 'organisation.address']);
    for (const template of INVITATION_TEMPLATES) expect(invitationTemplateOfSegment(invitationTemplateSegment(template))).toEqual(template);
    for (const segment of ['', 'address.organisation', 'organisation.', 'Plain']) expect(invitationTemplateOfSegment(segment)).toBeUndefined();
  });

  it('show an address only where the link has one in the form of an address', () => {
    expect(invitedAddressShown({ email: 'anna@acme.test' })).toBe('anna@acme.test');
    for (const email of ['', 'anna', 'not an address', '<b>@acme.test</b>']) expect(invitedAddressShown({ email })).toBeUndefined();
    expect(invitedAddressShown({})).toBeUndefined();
  });
});
