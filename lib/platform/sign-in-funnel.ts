import { EMAIL_SIGN_IN_LIFETIME_SECONDS, SSO_FLOW_LIFETIME_SECONDS } from '@/lib/platform/cookies';
import { sharedLimit } from '@/lib/platform/shared-store/store';
import { countSignInStep, observeSignInDuration, type SignInDurationMethod, type SignInStep } from '@/lib/platform/observability/metrics';
import type { SignInMethod } from '@/lib/vocabulary/sign-in-method';

/**
 * The funnel counts sign-ins, not tabs (deploy/README.md, Metrics). A sign-in attempt is one
 * e-mailed link, named by its uuid, or one single sign-on, named by the device id its flow minted
 * and carried to the picker. Both the waiting tab and the link's tab hand one link off, and so
 * do the code and the browser that showed it: the step is counted by whichever comes first in
 * the fleet. Without Redis, once per process. The store keeps only a keyed digest of the
 * attempt's name (lib/platform/shared-store/).
 */

/** Every step of an attempt is reached within its link's or its flow's life. */
const ATTEMPT_LIFETIME_SECONDS = Math.max(EMAIL_SIGN_IN_LIFETIME_SECONDS, SSO_FLOW_LIFETIME_SECONDS) + 60;

const stepsReached = sharedLimit('sign_in_steps', { points: 1, durationSeconds: ATTEMPT_LIFETIME_SECONDS, whenUnreachable: 'per-process' });

export async function countSignInStepOnce(method: SignInMethod, step: SignInStep, attempt: string): Promise<void> {
  if ((await stepsReached.spend(`${method}:${step}:${attempt}`)).allowed) countSignInStep(method, step);
}

/**
 * The time from an attempt's first step to its hand-off, once per attempt, whichever tab or
 * instance hands it off first and whatever the method it is counted under (a link and the code
 * for it are one attempt). `startedAt` is this server's clock, sealed at the first step: never
 * a time the client could write.
 */
export async function observeSignInDurationOnce(method: SignInDurationMethod, attempt: string, startedAt: number): Promise<void> {
  if ((await stepsReached.spend(`duration:${attempt}`)).allowed) observeSignInDuration(method, Math.max(0, Date.now() - startedAt) / 1000);
}
