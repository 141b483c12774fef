import { getConfig } from '@/lib/config';

/** The backend must answer (any HTTP status) within this time for the instance to take traffic. */
export const READINESS_TIMEOUT_MS = 1_000;
/** Probes come every few seconds from every orchestrator and balancer; one check serves them all. */
const REUSE_MS = 2_000;

let last: { at: number; ready: Promise<boolean> } | undefined;

async function check(): Promise<boolean> {
  let backendUrl: string;
  try {
    backendUrl = getConfig().backendUrl;
  } catch {
    return false;
  }
  try {
    await fetch(`${backendUrl}/`, { method: 'HEAD', cache: 'no-store', redirect: 'manual', signal: AbortSignal.timeout(READINESS_TIMEOUT_MS) });
    return true;
  } catch {
    return false;
  }
}

/** Readiness: a valid configuration and a backend that answers. Says nothing about either. */
export function isReady(now = Date.now()): Promise<boolean> {
  if (!last || now - last.at > REUSE_MS) last = { at: now, ready: check() };
  return last.ready;
}
