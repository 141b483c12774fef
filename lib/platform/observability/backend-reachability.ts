import { getConfig } from '@/lib/platform/settings/config';

/**
 * Whether the backend can be reached, for the metric `desk_login_backend_reachable` and its
 * alert; never for readiness (lib/platform/observability/readiness.ts). Any HTTP status is an answer.
 */

/** The backend must answer within this time to count as reachable. */
export const REACHABILITY_TIMEOUT_MS = 1_000;
/** Every Prometheus scrapes at its own pace; one probe serves them all for this long. */
const REUSE_MS = 2_000;

let last: { at: number; reachable: Promise<boolean> } | undefined;

async function probe(): Promise<boolean> {
  try {
    await fetch(`${getConfig().backendUrl}/`, { method: 'HEAD', cache: 'no-store', redirect: 'manual', signal: AbortSignal.timeout(REACHABILITY_TIMEOUT_MS) });
    return true;
  } catch {
    return false;
  }
}

export function isBackendReachable(now = Date.now()): Promise<boolean> {
  if (!last || now - last.at > REUSE_MS) last = { at: now, reachable: probe() };
  return last.reachable;
}
