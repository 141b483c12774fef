// oidc-provider's storage (its "adapter" interface), kept in memory for one provider: codes,
// sessions, interactions and grants last only as long as the process, which suits development.
// oidc-provider ships a similar one but warns loudly whenever it is used.
import type { AdapterPayload, OidcAdapter } from 'oidc-provider';

type Entry = { payload: AdapterPayload; expiresAt: number };

// What a grant revocation must also remove (a reused authorization code revokes its grant).
const grantBoundModels = new Set(['AccessToken', 'AuthorizationCode', 'RefreshToken']);

export function createMemoryStore(): (model: string) => OidcAdapter {
  const entries = new Map<string, Entry>();
  const sessionKeysByUid = new Map<string, string>();
  const keysByGrant = new Map<string, Set<string>>();

  function live(key: string | undefined): AdapterPayload | undefined {
    const entry = key === undefined ? undefined : entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      entries.delete(key!);
      return undefined;
    }
    return entry.payload;
  }

  return (model) => {
    const keyOf = (id: string) => `${model}:${id}`;
    return {
      async upsert(id, payload, expiresIn) {
        const key = keyOf(id);
        entries.set(key, { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : Infinity });
        if (model === 'Session' && payload.uid) sessionKeysByUid.set(payload.uid, key);
        if (grantBoundModels.has(model) && payload.grantId) {
          const keys = keysByGrant.get(payload.grantId) ?? new Set<string>();
          keysByGrant.set(payload.grantId, keys.add(key));
        }
      },
      async find(id) {
        return live(keyOf(id));
      },
      async findByUid(uid) {
        return live(sessionKeysByUid.get(uid));
      },
      async findByUserCode() {
        // The device flow is not enabled.
        return undefined;
      },
      async consume(id) {
        const payload = live(keyOf(id));
        if (payload) payload.consumed = Math.floor(Date.now() / 1000);
      },
      async destroy(id) {
        entries.delete(keyOf(id));
      },
      async revokeByGrantId(grantId) {
        for (const key of keysByGrant.get(grantId) ?? []) entries.delete(key);
        keysByGrant.delete(grantId);
      },
    };
  };
}
