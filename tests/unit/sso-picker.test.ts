import { cookies, headers } from 'next/headers';
import { chooseOrganisation, leavePicker } from '@/components/sso/actions';
import type { CookieAttributes } from '@/lib/cookies';
import type { RequestHost } from '@/lib/hosts';
import { metricsExposition, type SignInStep } from '@/lib/metrics';
import { writeSsoOrganisations } from '@/lib/sso/flow-state';

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

function browser() {
  const jar = new Map<string, string>();
  const store = {
    set(name: string, value: string, attributes: CookieAttributes) {
      if (attributes.maxAge === 0) jar.delete(name);
      else jar.set(name, value);
    },
  };
  const header = () => [...jar].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('; ');
  return { jar, store, header };
}

/** A request with these cookies; what it writes goes to `store`. */
function send(cookieHeader: string, store: ReturnType<typeof browser>['store']): void {
  jest.mocked(headers).mockResolvedValue(new Headers({ host: 'web.desk.test', 'x-forwarded-proto': 'https', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)', cookie: cookieHeader }) as never);
  jest.mocked(cookies).mockResolvedValue(store as never);
}

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

async function redirected(action: Promise<unknown>): Promise<string> {
  const error = await action.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof Error) || !('location' in error)) throw new Error(`no redirect, but ${String(error)}`);
  return String(error.location);
}

async function series(name: string): Promise<number> {
  const line = (await metricsExposition()).body.split('\n').find((candidate) => candidate.startsWith(`${name} `));
  return Number(line?.slice(name.length + 1));
}
const microsoftStep = (step: SignInStep) => series(`desk_login_sign_in_steps_total{method="microsoft",step="${step}"}`);

async function pickerOffering(deviceId: string) {
  const person = browser();
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
      send(offered, person.store);
      expect(await redirected(chooseOrganisation(form({ organisation: choice, lang: 'en' })))).toBe(`https://${choice}.desk.test/`);
    }
    expect(await microsoftStep('picker_chosen')).toBe(before.chosen + 1);
    expect(await microsoftStep('handed_off')).toBe(before.handedOff + 1);

    // Positive control: another single sign-on's choice counts.
    const other = await pickerOffering('device-picker-2');
    send(other.header(), other.store);
    await redirected(chooseOrganisation(form({ organisation: 'acme', lang: 'en' })));
    expect(await microsoftStep('picker_chosen')).toBe(before.chosen + 2);
  });

  it('counts Back as a cancelled sign-in, once: the list is gone after it', async () => {
    const cancelled = 'desk_login_sign_in_failures_total{method="microsoft",reason="cancelled"}';
    const before = { cancelled: await series(cancelled), chosen: await microsoftStep('picker_chosen') };
    const person = await pickerOffering('device-picker-3');
    send(person.header(), person.store);
    expect(await redirected(leavePicker(form({ lang: 'en' })))).toBe('https://web.desk.test/login/en?error=user-close');
    send(person.header(), person.store);
    await redirected(leavePicker(form({ lang: 'en' })));
    expect(await series(cancelled)).toBe(before.cancelled + 1);
    expect(await microsoftStep('picker_chosen')).toBe(before.chosen);
  });
});
