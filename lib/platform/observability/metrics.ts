import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { isBackendReachable } from '@/lib/platform/observability/backend-reachability';
import { isReady } from '@/lib/platform/observability/readiness';
import { signInMethod, type SignInMethod } from '@/lib/vocabulary/sign-in-method';
import { providerIds, type ProviderId } from '@/lib/vocabulary/providers';

/**
 * What operators count (deploy/README.md, Metrics), served on a port of their own
 * (lib/platform/observability/metrics-server.ts). Every label value comes from one of the lists below: a value outside
 * its list is counted as `other`, so no address, name, token, uuid or organisation can ever
 * become a series.
 */

/**
 * In the order a sign-in reaches them: e-mail sends and confirms a link, a single sign-on with
 * several organisations shows the picker and has one chosen. Each is counted once per sign-in
 * attempt (lib/platform/sign-in-funnel.ts), so the people left at the picker are shown minus chosen.
 */
const signInSteps = ['started', 'link_sent', 'link_confirmed', 'picker_shown', 'picker_chosen', 'handed_off'] as const;
export type SignInStep = (typeof signInSteps)[number];

const signInFailureReasons = [
  // The person's or their account's: a sign-in ends here as it should.
  'invalid_address',
  'not_found',
  'not_supported',
  'demo_expired',
  'user_count_exceeded',
  'org_not_found',
  'no_admin_access',
  'mfa_required',
  'code_wrong',
  'cancelled',
  'identity_refused',
  'link_invalid',
  // The systems': the backend, a provider, or this app's protections.
  'unavailable',
  'backend_error',
  'provider_unavailable',
  'provider_error',
  'token_refused',
  'state_mismatch',
  'no_flow',
  'throttled',
  'other',
] as const;
export type SignInFailureReason = (typeof signInFailureReasons)[number];

const backendOutcomes = ['ok', 'refused', 'failed', 'timeout', 'unreachable'] as const;
export type BackendOutcome = (typeof backendOutcomes)[number];

const providerCalls = ['discovery', 'token', 'key_set'] as const;
export type ProviderCall = (typeof providerCalls)[number];
const providerOutcomes = ['ok', 'failed', 'timeout'] as const;
export type ProviderOutcome = (typeof providerOutcomes)[number];

const arrivalDecisions = ['show_login', 'organisation', 'device_sign_in', 'tray_host'] as const;
export type ArrivalDecision = (typeof arrivalDecisions)[number];

const tamperingKinds = ['duplicate_cookie', 'device_id_mismatch', 'device_id_unbound', 'state_mismatch'] as const;
export type TamperingKind = (typeof tamperingKinds)[number];

const throttlers = ['backend', 'link_lock', 'code_attempts'] as const;
export type Throttler = (typeof throttlers)[number];

/** The limits and one-time marks the fleet shares (lib/platform/shared-store/). */
export const sharedLimitNames = ['link_lock', 'code_tries', 'backend_checks', 'app_codes', 'app_hand_offs', 'declined_links', 'confirmed_links', 'link_requests', 'sign_in_steps'] as const;
export type SharedLimitName = (typeof sharedLimitNames)[number];
const whenUnreachable = ['fail-closed', 'per-process', 'replayed'] as const;
export type WhenUnreachable = (typeof whenUnreachable)[number];

// Every provider of the registry is a label value of its own: a new one is counted by its id.
const signInMethods: readonly SignInMethod[] = signInMethod.options;
const providers: readonly ProviderId[] = providerIds;

/**
 * Issue 42, time to sign in: by how the person arrived. An e-mailed link confirmed in the browser
 * that asked, the code typed there after the link was confirmed elsewhere, a single sign-on on the
 * web, and one handed to a native app (its redirect_uri).
 */
export type SignInDurationMethod = 'email_link' | 'email_code' | ProviderId | 'app';
const signInDurationMethods: readonly SignInDurationMethod[] = ['email_link', 'email_code', ...providerIds, 'app'];
/** People's time, from a provider that remembers them (seconds) to a link read late (its 15 minutes). */
export const SIGN_IN_DURATION_BUCKETS_SECONDS = [2, 5, 10, 20, 30, 60, 120, 300, 600, 900];

/** From a backend answer of 25 ms to its 5 s timeout. */
const DURATION_BUCKETS_SECONDS = [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

function bounded<T extends string>(value: string, allowed: readonly T[]): T | 'other' {
  return (allowed as readonly string[]).includes(value) ? (value as T) : 'other';
}

function createMetrics() {
  const registry = new Registry();
  // The event loop's delay sampled every 100 ms, not prom-client's 10 ms: at 10 ms the timer woke an
  // idle instance 100 times a second, 4 to 8 ms of CPU each second for a histogram scraped every 30 s.
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 100 });
  const registers = [registry];
  const metrics = {
    registry,
    signInSteps: new Counter({
      name: 'desk_login_sign_in_steps_total',
      help: 'Sign-ins that reached a step, once each, by method: started, link_sent and link_confirmed (e-mail), picker_shown and picker_chosen (single sign-on), handed_off (signed in).',
      labelNames: ['method', 'step'] as const,
      registers,
    }),
    signInFailures: new Counter({
      name: 'desk_login_sign_in_failures_total',
      help: 'Sign-ins that ended without a hand-off, by method and reason.',
      labelNames: ['method', 'reason'] as const,
      registers,
    }),
    backendCalls: new Histogram({
      name: 'desk_login_backend_call_duration_seconds',
      help: 'Calls to the product backend and organisations\' APIs, by path template and outcome.',
      labelNames: ['operation', 'outcome'] as const,
      buckets: DURATION_BUCKETS_SECONDS,
      registers,
    }),
    providerCalls: new Histogram({
      name: 'desk_login_identity_provider_call_duration_seconds',
      help: 'Calls to the identity providers (discovery, token exchange, key set), by provider and outcome.',
      labelNames: ['provider', 'call', 'outcome'] as const,
      buckets: DURATION_BUCKETS_SECONDS,
      registers,
    }),
    arrivals: new Counter({
      name: 'desk_login_arrivals_total',
      help: 'Arrivals at the login page, by the step of the auto-login chain that decided.',
      labelNames: ['decision'] as const,
      registers,
    }),
    tampering: new Counter({
      name: 'desk_login_tampering_total',
      help: 'Cookies or flow state that another host or browser wrote, refused, by kind.',
      labelNames: ['kind'] as const,
      registers,
    }),
    throttled: new Counter({
      name: 'desk_login_throttled_total',
      help: 'Requests held back, by who held them: the backend, the 30 s link lock, or the link-code attempts.',
      labelNames: ['by'] as const,
      registers,
    }),
    signInDuration: new Histogram({
      name: 'desk_login_sign_in_duration_seconds',
      help: 'Seconds from the first step of a sign-in (the e-mail form that asked for the link, the single sign-on start) to its hand-off, once per sign-in, by method.',
      labelNames: ['method'] as const,
      buckets: SIGN_IN_DURATION_BUCKETS_SECONDS,
      registers,
    }),
    sharedStateUnavailable: new Counter({
      name: 'desk_login_shared_state_unavailable_total',
      help: 'Calls to the shared store (Redis) that failed or timed out, by limit and by what this instance did instead: refused (fail-closed), counted alone (per-process), or counted alone and written to Redis once it answers (replayed).',
      labelNames: ['limit', 'then'] as const,
      registers,
    }),
    sharedStateCalls: new Histogram({
      name: 'desk_login_shared_state_call_duration_seconds',
      help: 'Calls to the shared store (Redis), by outcome: answered within the budget, timed out, or failed (refused, connection lost).',
      labelNames: ['outcome'] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
      registers,
    }),
    sharedStateOutages: new Counter({
      name: 'desk_login_shared_state_outages_total',
      help: 'Times this instance found the shared store (Redis) unreachable after it had answered: one per outage, however many calls it failed.',
      registers,
    }),
  };
  // Issue 42: this instance's readiness, and the backend's health beside it, not in it.
  new Gauge({
    name: 'desk_login_ready',
    help: '1 when this instance is ready at this scrape: its settings load and it is not draining after SIGTERM, else 0.',
    registers,
    async collect() {
      this.set((await isReady()) ? 1 : 0);
    },
  });
  new Gauge({
    name: 'desk_login_backend_reachable',
    help: '1 when the product backend answered (any status) a probe at this scrape within 1 s, 0 when it could not be reached.',
    registers,
    async collect() {
      this.set((await isBackendReachable()) ? 1 : 0);
    },
  });
  // Every series a dashboard or an alert divides by exists from the start, at 0.
  for (const method of signInMethods) {
    for (const step of signInSteps) metrics.signInSteps.labels(method, step).inc(0);
    for (const reason of signInFailureReasons) metrics.signInFailures.labels(method, reason).inc(0);
  }
  for (const method of signInDurationMethods) metrics.signInDuration.zero({ method });
  for (const decision of arrivalDecisions) metrics.arrivals.labels(decision).inc(0);
  for (const kind of tamperingKinds) metrics.tampering.labels(kind).inc(0);
  for (const by of throttlers) metrics.throttled.labels(by).inc(0);
  for (const limit of sharedLimitNames) for (const then of whenUnreachable) metrics.sharedStateUnavailable.labels(limit, then).inc(0);
  return metrics;
}

type Metrics = ReturnType<typeof createMetrics>;

// Next bundles a module once per layer (pages, route handlers, proxy): one registry per process.
const METRICS = Symbol.for('desk-login:metrics');

function metrics(): Metrics {
  const holder = globalThis as { [METRICS]?: Metrics };
  holder[METRICS] ??= createMetrics();
  return holder[METRICS];
}

export function countSignInStep(method: SignInMethod, step: SignInStep): void {
  metrics().signInSteps.labels(bounded(method, signInMethods), bounded(step, signInSteps)).inc();
}

export function countSignInFailure(method: SignInMethod, reason: SignInFailureReason): void {
  metrics().signInFailures.labels(bounded(method, signInMethods), bounded(reason, signInFailureReasons)).inc();
}

/**
 * `operation` is the call's path template (lib/platform/backend/client.ts fills its `:name` segments only
 * for the request itself): a list the code holds, never a filled path.
 */
export function observeBackendCall(operation: string, outcome: BackendOutcome, seconds: number): void {
  metrics().backendCalls.labels(operation, bounded(outcome, backendOutcomes)).observe(seconds);
}

export function observeProviderCall(provider: ProviderId, call: ProviderCall, outcome: ProviderOutcome, seconds: number): void {
  metrics().providerCalls.labels(bounded(provider, providers), bounded(call, providerCalls), bounded(outcome, providerOutcomes)).observe(seconds);
}

/** Times a call to an identity provider: a thrown TimeoutError is a timeout, anything else thrown a failure. */
export async function timedProviderCall<T>(provider: ProviderId, call: ProviderCall, send: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    const answer = await send();
    observeProviderCall(provider, call, 'ok', (performance.now() - started) / 1000);
    return answer;
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.cause instanceof Error && error.cause.name === 'TimeoutError');
    observeProviderCall(provider, call, timedOut ? 'timeout' : 'failed', (performance.now() - started) / 1000);
    throw error;
  }
}

/** Once per sign-in: lib/platform/sign-in-funnel.ts, observeSignInDurationOnce. */
export function observeSignInDuration(method: SignInDurationMethod, seconds: number): void {
  metrics().signInDuration.labels(bounded(method, signInDurationMethods)).observe(seconds);
}

export function countArrival(decision: ArrivalDecision): void {
  metrics().arrivals.labels(bounded(decision, arrivalDecisions)).inc();
}

export function countTampering(kind: TamperingKind): void {
  metrics().tampering.labels(bounded(kind, tamperingKinds)).inc();
}

export function countThrottled(by: Throttler): void {
  metrics().throttled.labels(bounded(by, throttlers)).inc();
}

const sharedStateCallOutcomes = ['answered', 'timeout', 'failed'] as const;
export type SharedStateCallOutcome = (typeof sharedStateCallOutcomes)[number];

export function observeSharedStateCall(outcome: SharedStateCallOutcome, seconds: number): void {
  metrics().sharedStateCalls.labels(bounded(outcome, sharedStateCallOutcomes)).observe(seconds);
}

export function countSharedStateOutage(): void {
  metrics().sharedStateOutages.inc();
}

export function countSharedStateUnavailable(limit: SharedLimitName, then: WhenUnreachable): void {
  metrics().sharedStateUnavailable.labels(bounded(limit, sharedLimitNames), bounded(then, whenUnreachable)).inc();
}

/** A failed backend call as the failure counter reads it: lib/platform/backend's BackendFailure is one. */
type FailedCall = { kind: 'code'; code: string; status: number } | { kind: 'unknown'; status?: number } | { kind: 'unavailable' };

/** Why a backend call ended a sign-in, in the words of the failure counter. */
export function failureReasonOf(failure: FailedCall): SignInFailureReason {
  if (failure.kind === 'unavailable') return 'unavailable';
  if (failure.kind === 'unknown') return 'backend_error';
  switch (failure.code) {
    case 'INVALID_EMAIL':
      return 'invalid_address';
    case 'SUSPICIOUS_ACTIVITY':
      return 'throttled';
    case 'MFA_ENABLED_NOT_CONFIRMED':
    case 'TOTP_ENABLED_SO_NOT_SUPPORTED':
      return 'mfa_required';
    default:
      return bounded(failure.code.toLowerCase(), signInFailureReasons);
  }
}

/** The Prometheus text format of every metric of this process. */
export async function metricsExposition(): Promise<{ body: string; contentType: string }> {
  const { registry } = metrics();
  return { body: await registry.metrics(), contentType: registry.contentType };
}
