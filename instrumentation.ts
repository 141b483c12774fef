import type { Instrumentation } from 'next';

/** Runs once when a server starts: a bad configuration stops it before it serves anything; the metrics get their own port. */
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const [{ assertConfigAtStartup, getConfig }, { startTracing }] = await Promise.all([import('@/lib/platform/settings/config'), import('@/lib/platform/observability/tracing')]);
    const warnings = assertConfigAtStartup();
    await startTracing(getConfig().traces);
    const [{ logger }, { describeFleetState }, { startMetricsServer }] = await Promise.all([
      import('@/lib/platform/observability/logger'),
      import('@/lib/platform/shared-store/store'),
      import('@/lib/platform/observability/metrics-server'),
    ]);
    // Next may register twice in one process (two bundles of this file); an administrator reads each warning once.
    const said = Symbol.for('desk-login:startup-warnings');
    if (!(said in process)) {
      Object.defineProperty(process, said, { value: true });
      for (const warning of warnings) logger().warn({ startup: true }, warning);
      logger().info({ startup: true }, describeFleetState());
    }
    await startMetricsServer(getConfig().metrics, logger());
  }
}

/** An error no code of ours caught: one JSON line, by route template (the real path may hold an address). */
export const onRequestError: Instrumentation.onRequestError = async (error, request, context) => {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const [{ describeError, logger, requestFields }, { requestIdFrom }] = await Promise.all([import('@/lib/platform/observability/logger'), import('@/lib/platform/observability/request-id')]);
  const header = (name: string) => {
    const value = request.headers[name];
    return typeof value === 'string' ? value : null;
  };
  const fields = { ...requestFields(requestIdFrom({ get: header })), method: request.method, route: context.routePath, routeType: context.routeType };
  // Node's HTTP server says so when the connection closed before the request was read: nothing failed.
  const closedByBrowser = error instanceof Error && error.message === 'aborted' && (error as { code?: unknown }).code === 'ECONNRESET';
  if (closedByBrowser) return void logger().debug(fields, 'request closed by the browser');
  logger().error({ ...fields, error: describeError(error) }, 'unexpected error');
};
