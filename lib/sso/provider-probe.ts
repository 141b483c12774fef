import { ProviderUnreachable } from './discovery';

/**
 * Whether the provider answers at all, asked just before the browser is sent there: with the
 * discovery document cached, nothing else on the way to the provider would notice that it is
 * down, and the person would land on a browser error page instead of our message.
 *
 * One GET of the authorization endpoint without parameters, which every provider answers
 * quickly with a page or an error of its own (a 4xx is an answer: it is up). No answer within
 * PROBE_TIMEOUT_MS, a refused connection, or a 5xx (a load balancer with nothing behind it) is
 * "unavailable". The cost is one round trip from this server per start: median 5 to 11 ms
 * against the local provider on a busy machine (docs/identity-providers.md); a provider that
 * drops the connection is known at once, one that swallows it after PROBE_TIMEOUT_MS.
 */
export const PROBE_TIMEOUT_MS = 2_000;

export async function assertProviderAnswers(authorizationEndpoint: string): Promise<void> {
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
    throw new ProviderUnreachable('the provider did not answer', { cause: error });
  }
  if (status >= 500) throw new ProviderUnreachable(`the provider answered ${status}`);
}
