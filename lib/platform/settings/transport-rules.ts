/** The settings naming a machine the app connects to, and the scheme that carries TLS there. */
const CONNECTIONS = {
  BACKEND_URL: 'https:',
  ORG_BACKEND_URL_TEMPLATE: 'https:',
  REDIS_URL: 'rediss:',
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https:',
} as const;

// A plain connection on this machine never crosses a network: a mesh's sidecar, or a tunnel, carries TLS on from there.
const THIS_MACHINE = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * In production, one line per setting that would connect to another machine without TLS
 * (ASVS 5.0 12.3.1): tokens, addresses and the store's counts travel on each of these. A setting
 * the schema refused already is left to that one line.
 */
export function connectionsWithoutTls(present: Record<string, string | undefined>, refused: Set<string>): string[] {
  return Object.entries(CONNECTIONS).flatMap(([setting, secureScheme]) => {
    const value = present[setting];
    if (value === undefined || refused.has(setting) || !URL.canParse(value.replace('{subDomain}', 'x'))) return [];
    const url = new URL(value.replace('{subDomain}', 'x'));
    if (url.protocol === secureScheme || THIS_MACHINE.test(url.hostname)) return [];
    return [`${setting}: connects to ${url.hostname} without TLS; use ${secureScheme}// (or a TLS sidecar on this machine)`];
  });
}
