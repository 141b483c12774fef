import { chooseOrganisation, leavePicker } from '@/components/sso/actions';
import type { RequestHost } from '@/lib/hosts';
import { metricsExposition, type SignInStep } from '@/lib/metrics';
import { writeSsoOrganisations } from '@/lib/sso/flow-state';
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
