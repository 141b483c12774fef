import { join } from 'node:path';
import { openIdSettingOf } from '../../../lib/platform/settings/schema.ts';
import { openIdProviders } from '../../../lib/vocabulary/providers.ts';

/** Addresses of the end-to-end topology: nginx in front, as in production (deploy/nginx). */
export const DOMAIN = 'desk.test';

/** Shifts every port of the suite, so two checkouts can run their suites side by side. */
const PORT_OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0);
export function testPort(port: number): number {
  return port + PORT_OFFSET;
}

/**
 * Where an app instance of the suite serves its metrics (METRICS_PORT): 20000 above its own port.
 * The suite's ports lie between 4000 and 5000 (plus the offset, a multiple of 1000 per checkout),
 * so these lie between 24000 and 25000 plus the offset: apart from every port of every checkout,
 * and below the ports the kernel hands out to outgoing connections (32768 and up).
 */
export function metricsPortOf(appPort: number): number {
  return appPort + 20_000;
}

export const HTTPS_PORT = testPort(4443);
/** Plain http on nginx: only a redirect to https (the Observatory's redirection test). */
export const HTTP_PORT = testPort(4080);
export const APP_PORTS = [testPort(4100)];
export const BACKEND_PORT = testPort(4101);
export const IDENTITY_PROVIDER_PORT = testPort(4102);
export const IDENTITY_PROVIDER_ORIGIN = `https://127.0.0.1:${IDENTITY_PROVIDER_PORT}`;
/** Where browsers are sent: the same port over http, which shows no certificate warning (dev/README.md). */
export const IDENTITY_PROVIDER_BROWSER_ORIGIN = `http://127.0.0.1:${IDENTITY_PROVIDER_PORT}`;
/** The identity provider's second listener: a provider whose issuer is a bare origin. */
export const IDENTITY_PROVIDER_GENERIC_PORT = testPort(4103);
/** The local provider's Entra-shaped tenant (dev/identity-provider/settings.ts). */
export const TENANT_ID = '3f2a1b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b';

/** Shared by every app instance of the tests, as by every instance of one deployment. */
export const SESSION_SECRET = 'end-to-end-tests-secret-of-at-least-32-characters';

/**
 * IPv6 addresses on the loopback for clients of rate-limit.spec.ts (tests/e2e/support/prepare.ts adds them):
 * the first two in one /64, spelt so that the /64 is hidden in a `::`, the third in the next /64.
 */
export const IPV6_CLIENTS = { sameNetwork: ['2001:db8::1', '2001:db8:0:0:1::2'], otherNetwork: '2001:db8:0:1::5' } as const;

export const LOGIN_ORIGIN = `https://web.${DOMAIN}:${HTTPS_PORT}`;
export const BACKEND_ORIGIN = `http://127.0.0.1:${BACKEND_PORT}`;

/** The clients the identity provider knows and the app uses, one per provider of the registry. */
export const SSO_CLIENTS = {
  GOOGLE_CLIENT_ID: 'e2e-google-client',
  GOOGLE_CLIENT_SECRET: 'e2e-google-secret',
  MICROSOFT_CLIENT_ID: 'e2e-microsoft-client',
  MICROSOFT_CLIENT_SECRET: 'e2e-microsoft-secret',
  // Any plain OpenID Connect provider of the registry, with a client the identity provider makes from the same settings.
  ...Object.fromEntries(
    openIdProviders.flatMap((provider) => [
      [openIdSettingOf(provider, 'CLIENT_ID'), `e2e-${provider.id}-client`],
      [openIdSettingOf(provider, 'CLIENT_SECRET'), `e2e-${provider.id}-secret`],
    ]),
  ),
};

/** Where the app finds the development backend and the identity provider (the suite's, or a deployment's own). */
export function appServerSettings(backendOrigin: string, identityProviderOrigin: string) {
  return {
    BACKEND_URL: backendOrigin,
    GOOGLE_ISSUER: `${identityProviderOrigin}/google`,
    // Entra-like and multi-tenant, as /organizations: the discovery document's issuer is
    // …/{tenantid}/v2.0 and each token names its tenant (the other shapes: tests/e2e/sso-shapes.spec.ts).
    MICROSOFT_AUTHORITY: `${identityProviderOrigin}/microsoft/organizations/v2.0`,
    // Any plain OpenID Connect provider of the registry signs in at the realm, as in npm run dev.
    ...Object.fromEntries(openIdProviders.map((provider) => [openIdSettingOf(provider, 'ISSUER'), `${identityProviderOrigin}/realms/acme`])),
  };
}

/** The app as it runs in production, with only environment variables (besides PORT, METRICS_PORT, SESSION_SECRET, NODE_EXTRA_CA_CERTS). */
export const APP_ENVIRONMENT = {
  NODE_ENV: 'production',
  HOSTNAME: '127.0.0.1',
  NEXT_TELEMETRY_DISABLED: '1',
  APP_DOMAINS: DOMAIN,
  ...SSO_CLIENTS,
  ...appServerSettings(BACKEND_ORIGIN, IDENTITY_PROVIDER_ORIGIN),
  SSO_REDIRECT_ALLOWLIST: `deskbooking://sso,https://cc.${DOMAIN}:${HTTPS_PORT}/sso`,
};

/** The development backend's settings, for a login site at `loginOrigin`. */
export function backendEnvironment(port: number, loginOrigin: string) {
  return { DEV_BACKEND_PORT: String(port), LOGIN_LINK_ORIGIN: loginOrigin, DEV_APP_DOMAIN: DOMAIN };
}
/** Generated certificates and nginx files; npm scripts and Playwright run from the project root. */
export const RUN_DIRECTORY = join(process.cwd(), 'tests/e2e/.run/');
/** What the suite's servers write (tests/run-logged.mjs); tests/e2e/support/server-logs-reporter.ts shows it when a run fails. */
export const SERVER_LOG_DIRECTORY = join(process.cwd(), 'reports/servers/');
export function serverLog(name: string): string {
  return join(SERVER_LOG_DIRECTORY, `${name}.log`);
}
/** One certificate authority for nginx and the identity provider; the app trusts it. */
export const TLS_DIRECTORY = join(RUN_DIRECTORY, 'tls');
/** The logs of the suite's nginx (tests/e2e/support/prepare.ts), read by access-log.spec.ts. */
export const NGINX_ACCESS_LOG = join(RUN_DIRECTORY, 'nginx', 'access.log');
export const NGINX_ERROR_LOG = join(RUN_DIRECTORY, 'nginx', 'error.log');
export const CERTIFICATE_DNS_NAMES = [DOMAIN, `*.${DOMAIN}`];

/** The identity provider's settings: its two ports, and the login sites whose returns it accepts. */
export function identityProviderEnvironment(port: number, genericPort: number, redirectOrigins: string[]) {
  return {
    ...SSO_CLIENTS,
    IDP_PORT: String(port),
    IDP_GENERIC_PORT: String(genericPort),
    IDP_REDIRECT_ORIGINS: redirectOrigins.join(','),
    IDP_CERTIFICATE_DIRECTORY: TLS_DIRECTORY,
    IDP_CERTIFICATE_DNS_NAMES: CERTIFICATE_DNS_NAMES.join(','),
  };
}

/** An organisation's host, behind the suite's nginx or a deployment's own on `httpsPort`. */
export function organisationOrigin(subDomain: string, httpsPort = HTTPS_PORT): string {
  return `https://${subDomain}.${DOMAIN}:${httpsPort}`;
}

/** Chromium as these machines have it (Debian's package), told that *.desk.test is this machine. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * The suite's Chromium: the same engine built as the headless shell (Debian's
 * chromium-headless-shell; what Playwright itself runs headless), which spends about a third of
 * the full browser's CPU time on a page, having no GPU process to emulate in software. The
 * benchmarks keep the full browser, as Lighthouse expects.
 */
export const CHROMIUM_SHELL_PATH = process.env.CHROMIUM_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--host-resolver-rules=MAP *.${DOMAIN} 127.0.0.1`,
];
