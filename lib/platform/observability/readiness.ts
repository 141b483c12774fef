import { getConfig } from '@/lib/platform/settings/config';

/**
 * Readiness is this instance's own (docs/decisions.md, What operators see): its settings load and
 * it has not been told to stop. Never the backend: with the backend down every pod would leave
 * the Service, and people would meet the proxy's bare 502 instead of the app's translated "not
 * reachable". The backend's health is a metric (lib/platform/observability/backend-reachability.ts).
 */

// Next bundles this module once per layer (route handlers, instrumentation): one state per process.
const DRAIN = Symbol.for('desk-login:drain');

function drain(): { started: boolean } {
  const holder = globalThis as { [DRAIN]?: { started: boolean } };
  if (!holder[DRAIN]) {
    const state = { started: false };
    holder[DRAIN] = state;
    process.once('SIGTERM', () => {
      state.started = true;
      // Next's own handler drains the server and ends the process; where none listens
      // (NEXT_MANUAL_SIG_HANDLE), this one must not be what keeps it alive.
      if (process.listenerCount('SIGTERM') === 0) process.kill(process.pid, 'SIGTERM');
    });
  }
  return holder[DRAIN];
}

// From start-up on, not only from the first probe: SIGTERM may come before any.
drain();

function settingsLoad(): boolean {
  try {
    getConfig();
    return true;
  } catch {
    return false;
  }
}

export async function isReady(): Promise<boolean> {
  return !drain().started && settingsLoad();
}
