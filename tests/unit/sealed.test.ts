import { z } from 'zod';
import { seal, unseal } from '@/lib/platform/sealed';
import { tampered } from './tampered-seal';

// getConfig() reads this on first use.
const secret = 'unit-test-secret-of-at-least-32-characters';
process.env.SESSION_SECRET = secret;

const signUp = z.object({ email: z.string(), autoAddToken: z.string() });
const payload = { email: 'anna@example.com', autoAddToken: 'token-1' };

afterEach(() => {
  jest.useRealTimers();
  process.env.SESSION_SECRET = secret;
});

describe('seal and unseal', () => {
  it('gives back what was sealed', async () => {
    const sealed = await seal('sign-up', payload, 60);
    expect(sealed).not.toContain('anna');
    await expect(unseal('sign-up', sealed, signUp)).resolves.toEqual(payload);
  });

  it('refuses a value sealed for another purpose', async () => {
    const sealed = await seal('sign-up', payload, 60);
    await expect(unseal('email-sign-in', sealed, signUp)).resolves.toBeUndefined();
  });

  it('refuses a tampered value', async () => {
    const sealed = await seal('sign-up', payload, 60);
    await expect(unseal('sign-up', tampered(sealed), signUp)).resolves.toBeUndefined();
  });

  it.each([undefined, '', 'not-a-sealed-value', 'a.b.c.d.e'])('refuses %j', async (sealed) => {
    await expect(unseal('sign-up', sealed, signUp)).resolves.toBeUndefined();
  });

  it('refuses an expired value', async () => {
    jest.useFakeTimers({ now: new Date('2030-01-01T12:00:00Z'), doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const sealed = await seal('sign-up', payload, 1);
    await expect(unseal('sign-up', sealed, signUp)).resolves.toEqual(payload);
    jest.setSystemTime(new Date('2030-01-01T12:00:02Z'));
    await expect(unseal('sign-up', sealed, signUp)).resolves.toBeUndefined();
  });

  it('refuses a value sealed with another SESSION_SECRET', async () => {
    const sealed = await seal('sign-up', payload, 60);
    let other: typeof import('@/lib/platform/sealed') | undefined;
    await jest.isolateModulesAsync(async () => {
      process.env.SESSION_SECRET = 'another-secret-of-at-least-32-characters';
      other = await import('@/lib/platform/sealed');
    });
    // The reloaded module works with its own secret...
    await expect(other!.unseal('sign-up', await other!.seal('sign-up', payload, 60), signUp)).resolves.toEqual(payload);
    // ...but not with a value sealed under the first one.
    await expect(other!.unseal('sign-up', sealed, signUp)).resolves.toBeUndefined();
  });

  it('during a rotation, still opens values sealed with SESSION_SECRET_PREVIOUS, and seals only with the new one', async () => {
    const sealedBefore = await seal('sign-up', payload, 60);
    let rotated: typeof import('@/lib/platform/sealed') | undefined;
    let withoutPrevious: typeof import('@/lib/platform/sealed') | undefined;
    await jest.isolateModulesAsync(async () => {
      process.env.SESSION_SECRET = 'the-new-secret-of-at-least-32-characters';
      process.env.SESSION_SECRET_PREVIOUS = secret;
      rotated = await import('@/lib/platform/sealed');
      (await import('@/lib/platform/settings/config')).getConfig(); // read the environment now, not on first use
    });
    await jest.isolateModulesAsync(async () => {
      delete process.env.SESSION_SECRET_PREVIOUS;
      withoutPrevious = await import('@/lib/platform/sealed');
      (await import('@/lib/platform/settings/config')).getConfig();
    });
    process.env.SESSION_SECRET = secret;
    await expect(rotated!.unseal('sign-up', sealedBefore, signUp)).resolves.toEqual(payload);
    const sealedAfter = await rotated!.seal('sign-up', payload, 60);
    await expect(withoutPrevious!.unseal('sign-up', sealedAfter, signUp)).resolves.toEqual(payload);
    await expect(withoutPrevious!.unseal('sign-up', sealedBefore, signUp)).resolves.toBeUndefined();
  });

  it('returns undefined for a payload of the wrong shape', async () => {
    const sealed = await seal('sign-up', { email: 'anna@example.com', autoAddToken: 42 }, 60);
    await expect(unseal('sign-up', sealed, signUp)).resolves.toBeUndefined();
  });
});
