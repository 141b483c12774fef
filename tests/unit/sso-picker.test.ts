import { chooseOrganisation, leavePicker } from '@/components/sso/actions';
import { ORGANISATION_NAME_MAX_LENGTH, offeredOrganisationSchema } from '@/lib/platform/backend/auth';
import type { RequestHost } from '@/lib/platform/hosts';
import { metricsExposition, type SignInStep } from '@/lib/platform/observability/metrics';
import { readSsoOrganisations, writeSsoOrganisations } from '@/lib/flows/sso/flow-state';
import { organisationLabel } from '@/lib/flows/sso/organisation-picker';
import { browserCookies, form, redirected } from './server-action-request';

/**
 * The organisation picker's actions (components/sso/actions.ts) as the funnel counts them: a
 * choice once per single sign-on, Back as cancelled; the picker shown is counted where the
 * provider's return writes the list (tests/e2e/telemetry.spec.ts).
 */

jest.mock('next/headers', () => ({ headers: jest.fn(), cookies: jest.fn() }));
jest.mock('next/navigation', () => ({
  redirect: jest.fn((location: string) => {
    throw Object.assign(new Error('NEXT_REDIRECT'), { location });
  }),
}));

process.env.SESSION_SECRET ??= 'unit-test-secret-of-at-least-32-characters';
process.env.BACKEND_URL ??= 'http://127.0.0.1:1';
process.env.APP_DOMAINS ??= 'desk.test';

const host: RequestHost = { protocol: 'https', domain: 'desk.test', hostname: 'web.desk.test', port: '' };

async function series(name: string): Promise<number> {
  const line = (await metricsExposition()).body.split('\n').find((candidate) => candidate.startsWith(`${name} `));
  return Number(line?.slice(name.length + 1));
}
const microsoftStep = (step: SignInStep) => series(`desk_login_sign_in_steps_total{method="microsoft",step="${step}"}`);

async function pickerOffering(deviceId: string) {
  const person = browserCookies();
  await writeSsoOrganisations(person.store, host, {
    provider: 'microsoft',
    organisations: [
      { subDomain: 'acme', token: 'token-acme' },
      { subDomain: 'globex', token: 'token-globex' },
    ],
    deviceId,
  });
  return person;
}

describe('the organisation picker in the funnel', () => {
  it('counts a choice, and its hand-off, once per single sign-on, even when the choice is posted twice', async () => {
    const before = { chosen: await microsoftStep('picker_chosen'), handedOff: await microsoftStep('handed_off') };
    const person = await pickerOffering('device-picker-1');
    const offered = person.header();
    // Two posts of one picker (a double click, or two tabs), each with the list still in its cookies.
    for (const choice of ['globex', 'acme']) {
      person.send(offered);
      expect(await redirected(chooseOrganisation(form({ organisation: choice, lang: 'en' })))).toBe(`https://${choice}.desk.test/`);
    }
    expect(await microsoftStep('picker_chosen')).toBe(before.chosen + 1);
    expect(await microsoftStep('handed_off')).toBe(before.handedOff + 1);

    // Positive control: another single sign-on's choice counts.
    const other = await pickerOffering('device-picker-2');
    other.send();
    await redirected(chooseOrganisation(form({ organisation: 'acme', lang: 'en' })));
    expect(await microsoftStep('picker_chosen')).toBe(before.chosen + 2);
  });

  it('counts Back as a cancelled sign-in, once: the list is gone after it', async () => {
    const cancelled = 'desk_login_sign_in_failures_total{method="microsoft",reason="cancelled"}';
    const before = { cancelled: await series(cancelled), chosen: await microsoftStep('picker_chosen') };
    const person = await pickerOffering('device-picker-3');
    person.send();
    expect(await redirected(leavePicker(form({ lang: 'en' })))).toBe('https://web.desk.test/login/en?error=user-close');
    person.send();
    await redirected(leavePicker(form({ lang: 'en' })));
    expect(await series(cancelled)).toBe(before.cancelled + 1);
    expect(await microsoftStep('picker_chosen')).toBe(before.chosen);
  });
});

/** Issue 43, item 6: a person reads an organisation's name, or else its host, never a bare slug. */
describe("the picker's buttons", () => {
  const offered = (answer: Record<string, unknown>) => offeredOrganisationSchema.parse({ subDomain: 'acme', token: 'token-acme', ...answer });

  it("say the organisation's name when the backend sends one", () => {
    expect(organisationLabel(offered({ name: 'Acme Corporation' }), host)).toBe('Acme Corporation');
    expect(organisationLabel(offered({ name: '  Müller & Söhne GmbH  ' }), host)).toBe('Müller & Söhne GmbH');
  });

  it('say its host when the backend sends no name, never the bare sub-domain', () => {
    const label = organisationLabel(offered({}), host);
    expect(label).toBe('acme.desk.test');
    expect(label).not.toBe('acme');
  });

  it('take a name as text: markup in it is kept as characters for React to escape, not removed or rendered', () => {
    expect(organisationLabel(offered({ name: '<b>Acme</b>' }), host)).toBe('<b>Acme</b>');
  });

  it.each([
    ['longer than the limit', 'A'.repeat(ORGANISATION_NAME_MAX_LENGTH + 1)],
    ['blank', '   '],
    ['not text', 42],
    ['with a control or direction character', 'Acme\u202Eevil'],
  ])('show the host for a name %s, and still offer the organisation', (_case, name) => {
    const organisation = offered({ name });
    expect(organisation).toMatchObject({ subDomain: 'acme', token: 'token-acme' });
    expect(organisationLabel(organisation, host)).toBe('acme.desk.test');
  });

  it('take a name of exactly the limit (the positive control beside the refused longer one)', () => {
    const name = 'A'.repeat(ORGANISATION_NAME_MAX_LENGTH);
    expect(organisationLabel(offered({ name }), host)).toBe(name);
  });

  it('keep the names between the provider\'s return and the picker, in the sealed list', async () => {
    const person = browserCookies();
    await writeSsoOrganisations(person.store, host, {
      provider: 'google',
      organisations: [offered({ name: 'Acme Corporation' }), { subDomain: 'initech', token: 'token-initech' }],
      deviceId: 'device-picker-names',
    });
    const kept = await readSsoOrganisations(person.received());
    expect(kept?.organisations.map((organisation) => organisationLabel(organisation, host))).toEqual(['Acme Corporation', 'initech.desk.test']);
  });
});
