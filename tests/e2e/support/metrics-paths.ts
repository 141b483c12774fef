/**
 * Spellings of the app's former metrics path (`/login/api/metrics`): what nginx refuses and the
 * development gateway refuses the same way; the metrics live on METRICS_PORT alone.
 */
export const FORMER_METRICS_PATHS = [
  '/login/api/metrics',
  '/login/api/metrics/',
  '/login/api/metrics?format=prometheus',
  '/login//api//metrics',
  '/login/API/Metrics',
  '/login/api/%6Detrics',
  '/login/en/../api/metrics',
  '/login/./api/metrics',
  '/login\\api\\metrics',
];
