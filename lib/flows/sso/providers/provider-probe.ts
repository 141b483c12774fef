import { ProviderUnreachable } from './discovery';

/**
 * Whether the provider answers at all, asked just before the browser is sent there: with the
 * discovery document cached, nothing else on the way to the provider would notice that it is
 * down, and the person would land on a browser error page instead of our message.
 *
 * One GET of the authorization endpoint without parameters, which every provider answers
 * quickly with a page or an error of its own (a 4xx is an answer: it is up). No answer within
 * PROBE_TIMEOUT_MS, a refused connection, or a 5xx (a load balancer with nothing behind it) is
 * "unavailable". The cost is one round trip from this server per start (docs/identity-providers.md
 * has the numbers).
 *
 * What is remembered, per endpoint: a probe under way, which every start meanwhile shares; and a
 * provider that let PROBE_TIMEOUT_MS pass, for SILENCE_REMEMBERED_MS, so that during such an
 * outage each start says so at once instead of after the same wait. An answer ("up"), a refused
 * or dropped connection and a 5xx are not kept: an "up" kept for even a few seconds is exactly
 * the window in which a person would be sent to a provider that has just gone down, and a
 * refusal costs nothing to ask again, so a provider that is back is used at once.
 */
export const PROBE_TIMEOUT_MS = 2_000;
export const SILENCE_REMEMBERED_MS = 10_000;

type Probe = { answer: Promise<void>; silentUntil?: number };
const probes = new Map<string, Probe>();

async function probe(authorizationEndpoint: string, entry: Probe, now: () => number): Promise<void> {
  let status: number;
  try {
    const response = await fetch(authorizationEndpoint, {
      method: 'GET',
      redirect: 'manual',
      cache: 'no-store',
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    status = response.status;
    await response.body?.cancel();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') entry.silentUntil = now() + SILENCE_REMEMBERED_MS;
    throw new ProviderUnreachable('the provider did not answer', { cause: error });
  }
  if (status >= 500) throw new ProviderUnreachable(`the provider answered ${status}`);
}

export async function assertProviderAnswers(authorizationEndpoint: string, now: () => number = Date.now): Promise<void> {
  const known = probes.get(authorizationEndpoint);
  if (known && (known.silentUntil === undefined || now() < known.silentUntil)) return known.answer;
  const entry: Probe = { answer: Promise.resolve() };
  entry.answer = probe(authorizationEndpoint, entry, now).finally(() => {
    if (entry.silentUntil === undefined && probes.get(authorizationEndpoint) === entry) probes.delete(authorizationEndpoint);
  });
  // A rejection is seen by every caller that shares it; this one only keeps it from being unhandled.
  entry.answer.catch(() => {});
  probes.set(authorizationEndpoint, entry);
  return entry.answer;
}
