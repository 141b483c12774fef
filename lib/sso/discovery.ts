import { z } from 'zod';

/** The part of an OpenID Connect discovery document that the sign-in needs. */
const discoveryDocument = z.object({
  issuer: z.string().min(1),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
});
export type Discovery = z.infer<typeof discoveryDocument>;

/** The provider gave no usable answer: not reachable, too slow, or an error page instead. */
export class ProviderUnreachable extends Error {}

const DISCOVERY_TIMEOUT_MS = 5_000;
const cache = new Map<string, Promise<Discovery>>();

/** Fetched once per process; a failed fetch is forgotten, so the next sign-in tries again. */
export function discover(discoveryUrl: string): Promise<Discovery> {
  let pending = cache.get(discoveryUrl);
  if (!pending) {
    pending = fetch(discoveryUrl, { signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS), cache: 'no-store' })
      .then(async (response) => {
        if (!response.ok) throw new Error(`discovery answered ${response.status}`);
        return discoveryDocument.parse(await response.json());
      })
      .catch((error: unknown) => {
        cache.delete(discoveryUrl);
        throw new ProviderUnreachable('discovery failed', { cause: error });
      });
    cache.set(discoveryUrl, pending);
  }
  return pending;
}
