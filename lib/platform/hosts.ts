/**
 * Which configured domain a request arrived on, and the addresses built from it
 * (docs/decisions.md, Where the app runs). Only hosts under a configured domain are ever used to build a URL;
 * anything else falls back to the first configured domain, so a forged Host header can never
 * produce a redirect to a foreign host.
 */

export type RequestHost = {
  protocol: 'https' | 'http';
  /** The configured parent domain, e.g. `example.com`. */
  domain: string;
  /** The host the browser used, e.g. `web.example.com`. */
  hostname: string;
  /** Kept in every URL we build, so that non-standard ports work end to end. */
  port: string;
};

// A port is 1 to 65535 without leading zeros: anything else would make an invalid URL of every redirect.
const HOST_HEADER = /^([a-z0-9.-]+)(?::([1-9]\d{0,4}))?$/;
const MAX_PORT = 65_535;

export function resolveRequestHost(
  headers: { get(name: string): string | null },
  appDomains: readonly string[],
): RequestHost {
  const protocol = headers.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'http' ? 'http' : 'https';
  const match = HOST_HEADER.exec((headers.get('host') ?? '').trim().toLowerCase());
  const hostname = match?.[1] ?? '';
  const domain = [...appDomains]
    .sort((a, b) => b.length - a.length)
    .find((candidate) => hostname === candidate || hostname.endsWith(`.${candidate}`));

  const port = match?.[2] ?? '';
  if (match && domain && Number(port) <= MAX_PORT) return { protocol, domain, hostname, port };

  const fallback = appDomains[0] ?? 'localhost';
  return { protocol, domain: fallback, hostname: `web.${fallback}`, port: '' };
}

function origin(protocol: string, hostname: string, port: string): string {
  return `${protocol}://${hostname}${port ? `:${port}` : ''}`;
}

/** `<subDomain>.<domain>`: the organisation's own host name, as a person would read it. */
export function organisationHostname(host: RequestHost, subDomain: string): string {
  return `${subDomain}.${host.domain}`;
}

/** `https://<subDomain>.<domain>/`: the organisation's own host (the web app, not this one). */
export function organisationUrl(host: RequestHost, subDomain: string): string {
  return `${origin(host.protocol, organisationHostname(host, subDomain), host.port)}/`;
}

/** The public origin of this app's host, `https://web.<domain>` (or whatever host was used). */
export function loginOrigin(host: RequestHost): string {
  return origin(host.protocol, host.hostname, host.port);
}

/** The origin of `web.<domain>`, where the providers' registered return addresses live. */
export function webOrigin(host: RequestHost): string {
  return origin(host.protocol, `web.${host.domain}`, host.port);
}
