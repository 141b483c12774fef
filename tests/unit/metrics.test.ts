import {
  countArrival,
  countSignInFailure,
  countSignInStep,
  failureReasonOf,
  metricsExposition,
  observeBackendCall,
  timedProviderCall,
  type SignInFailureReason,
  type SignInStep,
} from '@/lib/platform/observability/metrics';
import type { SignInMethod } from '@/lib/vocabulary/sign-in-method';
import { countSignInStepOnce } from '@/lib/platform/sign-in-funnel';

process.env.SESSION_SECRET ??= 'unit-test-secret-of-at-least-32-characters';
process.env.BACKEND_URL ??= 'http://127.0.0.1:1';
process.env.APP_DOMAINS ??= 'desk.test';

/** The value of one series in the exposition, by its exact name and labels; undefined when absent. */
async function sample(series: string): Promise<number | undefined> {
  const line = (await metricsExposition()).body.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('the metrics an operator scrapes', () => {
  it('have every sign-in series at 0 before anything happened, so that a ratio or an increase has a start', async () => {
    expect(await sample('desk_login_sign_in_steps_total{method="microsoft",step="handed_off"}')).toBe(0);
    expect(await sample('desk_login_sign_in_failures_total{method="google",reason="provider_unavailable"}')).toBe(0);
    expect(await sample('desk_login_arrivals_total{decision="device_sign_in"}')).toBe(0);
  });

  it('have the time to sign in of every method from the start, at 0, in buckets of people\'s time up to a link\'s 15 minutes', async () => {
    const buckets = ['2', '5', '10', '20', '30', '60', '120', '300', '600', '900', '+Inf'];
    for (const method of ['email_link', 'email_code', 'google', 'microsoft', 'app']) {
      expect(await sample(`desk_login_sign_in_duration_seconds_count{method="${method}"}`)).toBe(0);
      for (const le of buckets) expect(await sample(`desk_login_sign_in_duration_seconds_bucket{le="${le}",method="${method}"}`)).toBe(0);
    }
    const text = (await metricsExposition()).body;
    expect(new Set([...text.matchAll(/^desk_login_sign_in_duration_seconds_bucket\{le="([^"]+)"/gm)].map((match) => match[1]))).toEqual(new Set(buckets));
  });

  it('have the organisation picker\'s steps from the start too: left at the picker is shown minus chosen', async () => {
    expect(await sample('desk_login_sign_in_steps_total{method="microsoft",step="picker_shown"}')).toBe(0);
    expect(await sample('desk_login_sign_in_steps_total{method="microsoft",step="picker_chosen"}')).toBe(0);
  });

  it('count a step and a failure under their method', async () => {
    const before = (await sample('desk_login_sign_in_steps_total{method="email",step="link_sent"}')) ?? 0;
    countSignInStep('email', 'link_sent');
    countSignInFailure('google', 'token_refused');
    expect(await sample('desk_login_sign_in_steps_total{method="email",step="link_sent"}')).toBe(before + 1);
    expect(await sample('desk_login_sign_in_failures_total{method="google",reason="token_refused"}')).toBe(1);
  });

  it('never make a label of a value outside their lists: an address, a token or a made-up reason counts as "other"', async () => {
    const address = 'anna.smith@acme.test';
    countSignInStep(address as SignInMethod, address as SignInStep);
    countSignInFailure('email', address as SignInFailureReason);
    countArrival('eyJhbGciOiJSUzI1NiJ9' as never);
    const text = (await metricsExposition()).body;
    expect(text).not.toContain('anna.smith');
    expect(text).not.toContain('eyJhbGci');
    expect(await sample('desk_login_sign_in_failures_total{method="email",reason="other"}')).toBe(1);
    expect(await sample('desk_login_arrivals_total{decision="other"}')).toBe(1);
  });

  it('time a backend call by its path template and outcome, in buckets up to the 5 s timeout', async () => {
    observeBackendCall('/api/v1/flw/auth/:email/verifyUser', 'timeout', 5.02);
    expect(await sample('desk_login_backend_call_duration_seconds_count{operation="/api/v1/flw/auth/:email/verifyUser",outcome="timeout"}')).toBe(1);
    expect(await sample('desk_login_backend_call_duration_seconds_bucket{le="5",operation="/api/v1/flw/auth/:email/verifyUser",outcome="timeout"}')).toBe(0);
    expect(await sample('desk_login_backend_call_duration_seconds_bucket{le="+Inf",operation="/api/v1/flw/auth/:email/verifyUser",outcome="timeout"}')).toBe(1);
  });

  it('tell a provider call that timed out from one that failed, and pass the failure on', async () => {
    const timeout = Object.assign(new Error('aborted'), { name: 'TimeoutError' });
    await expect(timedProviderCall('microsoft', 'key_set', () => Promise.reject(timeout))).rejects.toBe(timeout);
    await expect(timedProviderCall('microsoft', 'key_set', () => Promise.reject(new Error('400')))).rejects.toThrow('400');
    await expect(timedProviderCall('microsoft', 'key_set', () => Promise.resolve('keys'))).resolves.toBe('keys');
    for (const outcome of ['timeout', 'failed', 'ok']) {
      expect(await sample(`desk_login_identity_provider_call_duration_seconds_count{provider="microsoft",call="key_set",outcome="${outcome}"}`)).toBe(1);
    }
  });

  it('keep one registry for the process, whichever copy of the module counts (Next bundles it once per layer)', async () => {
    const before = (await sample('desk_login_sign_in_steps_total{method="google",step="started"}')) ?? 0;
    await jest.isolateModulesAsync(async () => {
      const copy = await import('@/lib/platform/observability/metrics');
      copy.countSignInStep('google', 'started');
    });
    expect(await sample('desk_login_sign_in_steps_total{method="google",step="started"}')).toBe(before + 1);
  });

  it('name the reason of a backend failure in the catalogue\'s words, the backend\'s "too many" as throttling', () => {
    expect(failureReasonOf({ kind: 'unavailable' })).toBe('unavailable');
    expect(failureReasonOf({ kind: 'unknown', status: 500 })).toBe('backend_error');
    expect(failureReasonOf({ kind: 'code', code: 'SUSPICIOUS_ACTIVITY', status: 429 })).toBe('throttled');
    expect(failureReasonOf({ kind: 'code', code: 'DEMO_EXPIRED', status: 403 })).toBe('demo_expired');
    expect(failureReasonOf({ kind: 'code', code: 'INVALID_EMAIL', status: 400 })).toBe('invalid_address');
    expect(failureReasonOf({ kind: 'code', code: 'TOTP_ENABLED_SO_NOT_SUPPORTED', status: 403 })).toBe('mfa_required');
  });
});

describe('the funnel, which counts sign-ins rather than tabs', () => {
  it('counts a step of one attempt once, however many tabs, browsers or instances reach it; another attempt counts again', async () => {
    const handedOff = 'desk_login_sign_in_steps_total{method="email",step="handed_off"}';
    const before = (await sample(handedOff)) ?? 0;
    await countSignInStepOnce('email', 'handed_off', 'link-1');
    await countSignInStepOnce('email', 'handed_off', 'link-1');
    expect(await sample(handedOff)).toBe(before + 1);
    // The same attempt reaching another step, and another attempt reaching this one.
    const confirmed = 'desk_login_sign_in_steps_total{method="email",step="link_confirmed"}';
    const confirmedBefore = (await sample(confirmed)) ?? 0;
    await countSignInStepOnce('email', 'link_confirmed', 'link-1');
    await countSignInStepOnce('email', 'handed_off', 'link-2');
    expect(await sample(confirmed)).toBe(confirmedBefore + 1);
    expect(await sample(handedOff)).toBe(before + 2);
  });
});
