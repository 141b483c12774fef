import { createHash } from 'node:crypto';
import { EMAIL_SIGN_IN_LIFETIME_SECONDS, SSO_FLOW_LIFETIME_SECONDS } from '@/lib/cookies';
import { sharedLimit } from '@/lib/fleet-state';
import { countSignInStep, type SignInStep } from '@/lib/metrics';
import type { SignInMethod } from '@/lib/sign-in-method';

/**
 * The funnel counts sign-ins, not tabs (deploy/README.md, Metrics). A sign-in attempt is one
 * e-mailed link, named by its uuid, or one single sign-on, named by the device id its flow minted
 * and carried to the picker. Both the waiting tab and the link's tab hand one link off, and so
 * do the code and the browser that showed it: the step is counted by whichever comes first in
 * the fleet. Without Redis, once per process.
 */

/** Every step of an attempt is reached within its link's or its flow's life. */
const ATTEMPT_LIFETIME_SECONDS = Math.max(EMAIL_SIGN_IN_LIFETIME_SECONDS, SSO_FLOW_LIFETIME_SECONDS) + 60;

const stepsReached = sharedLimit('sign_in_steps', { points: 1, durationSeconds: ATTEMPT_LIFETIME_SECONDS, whenUnreachable: 'per-process' });

export async function countSignInStepOnce(method: SignInMethod, step: SignInStep, attempt: string): Promise<void> {
  // A digest: the attempt's name (a link's uuid, a device id) never reaches Redis itself.
  const key = createHash('sha256').update(`${method}:${step}:${attempt}`).digest('base64url');
  if ((await stepsReached.spend(key)).allowed) countSignInStep(method, step);
}
