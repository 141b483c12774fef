// `npm run dev`: the development backend, the gateway in front, the local identity provider
// (Google and Microsoft) and the Next dev server, as one command that stops as one.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { devPorts, freeFirstPort, heldPorts, portsHeldMessage, type DevPorts } from './ports.ts';
import { startupLines, terminalLineFilter, warmedUpLine, withoutClosedConnections } from './terminal-lines.ts';
import { warmUp, warmUpPaths } from './warm-up.ts';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const appDomain = process.env.APP_DOMAINS?.split(',')[0]?.trim() || 'desk.localhost';
// Next's own dev server may spawn workers; they get this long to follow a SIGTERM.
const forcedStopAfterMs = 5_000;

// Every port is checked before anything is printed or started: a second `npm run dev` would
// otherwise print its banner, start three servers and then die of EADDRINUSE in the fourth.
let ports: DevPorts;
try {
  ports = devPorts(process.env);
} catch (error) {
  console.error(`npm run dev cannot start: ${(error as Error).message}`);
  process.exit(1);
}
const held = await heldPorts(ports);
if (held.length > 0) {
  console.error(portsHeldMessage(held, await freeFirstPort(ports.gateway.port), appDomain));
  process.exit(1);
}
const backendPort = String(ports.backend.port);
const appPort = String(ports.app.port);
const gatewayPort = String(ports.gateway.port);

// The identity provider's settings read its ports when first imported, here and in its process.
process.env.IDP_PORT = String(ports.idp.port);
process.env.IDP_GENERIC_PORT = String(ports.idpGeneric.port);
const { ensureDevCertificates, extraCaCertificatesFor } = await import('./identity-provider/certificates.ts');
const { identityProviderSettings: identityProvider } = await import('./identity-provider/settings.ts');
// After the checks above, whose lines stand alone: these read lib/'s TypeScript, which Node
// reparses as ES modules with a warning where the flag of `npm run dev` is not given.
const { SAMPLE_APP_REDIRECT_URI } = await import('./backend/ready-links.ts');
const { openIdProviders } = await import('../lib/vocabulary/providers.ts');
const { openIdSettingOf } = await import('../lib/platform/settings/schema.ts');

const loginOrigin = `http://web.${appDomain}:${gatewayPort}`;

// Made before any child starts: the app must find the CA file when it starts (NODE_EXTRA_CA_CERTS
// is read once), and the identity provider then reuses what is here.
const certificates = ensureDevCertificates(identityProvider.certificateDirectory, identityProvider.certificateDnsNames);

const childEnv: NodeJS.ProcessEnv = {
  ...process.env,
  // The backend and the identity provider read the provider registry in lib/, as the app does.
  NODE_OPTIONS: [process.env.NODE_OPTIONS, '--disable-warning=MODULE_TYPELESS_PACKAGE_JSON'].filter(Boolean).join(' '),
  DEV_BACKEND_PORT: backendPort,
  APP_PORT: appPort,
  GATEWAY_PORT: gatewayPort,
  IDP_PORT: String(identityProvider.port),
  IDP_GENERIC_PORT: String(identityProvider.genericPort),
  BACKEND_URL: process.env.BACKEND_URL ?? `http://127.0.0.1:${backendPort}`,
  APP_DOMAINS: appDomain,
  DEV_APP_DOMAIN: appDomain,
  LOGIN_LINK_ORIGIN: process.env.LOGIN_LINK_ORIGIN ?? loginOrigin,
  // Where the identity provider lets the browser return: the gateway in front of the app.
  IDP_REDIRECT_ORIGINS: process.env.IDP_REDIRECT_ORIGINS ?? loginOrigin,
  // Development never reaches beyond this machine, Next's usage reporting included.
  NEXT_TELEMETRY_DISABLED: process.env.NEXT_TELEMETRY_DISABLED ?? '1',
};

// Single sign-on against the local identity provider (dev/README.md), unless set otherwise.
const appEnv: NodeJS.ProcessEnv = {
  ...childEnv,
  // The metrics listen where the app does (lib/platform/observability/metrics-server.ts): loopback, as --hostname below says.
  HOSTNAME: '127.0.0.1',
  METRICS_PORT: String(ports.metrics.port),
  // next.config.mjs imports lib/platform/pages/security-headers.ts, which Node reparses as ES module with a warning.
  NODE_OPTIONS: [process.env.NODE_OPTIONS, '--disable-warning=MODULE_TYPELESS_PACKAGE_JSON'].filter(Boolean).join(' '),
  // The gateway and one entry before it: a developer's own X-Forwarded-For stands for a CDN's, so
  // that development can pose as an office network. Never in production (dev/README.md).
  TRUSTED_PROXY_HOPS: process.env.TRUSTED_PROXY_HOPS ?? '2',
  GOOGLE_ISSUER: process.env.GOOGLE_ISSUER ?? identityProvider.googleIssuer,
  GOOGLE_CLIENT_ID: identityProvider.clients.google.clientId,
  GOOGLE_CLIENT_SECRET: identityProvider.clients.google.clientSecret,
  // Multi-tenant like the production default (…/organizations); the other shapes: dev/README.md.
  MICROSOFT_AUTHORITY: process.env.MICROSOFT_AUTHORITY ?? identityProvider.microsoftMultiTenantAuthority,
  MICROSOFT_CLIENT_ID: identityProvider.clients.microsoft.clientId,
  MICROSOFT_CLIENT_SECRET: identityProvider.clients.microsoft.clientSecret,
  // Any plain OpenID Connect provider of the registry signs in at the local realm.
  ...Object.fromEntries(
    openIdProviders.flatMap((provider) => [
      [openIdSettingOf(provider, 'ISSUER'), process.env[openIdSettingOf(provider, 'ISSUER')] ?? identityProvider.realmIssuer],
      [openIdSettingOf(provider, 'CLIENT_ID'), identityProvider.clients[provider.id].clientId],
      [openIdSettingOf(provider, 'CLIENT_SECRET'), identityProvider.clients[provider.id].clientSecret],
    ]),
  ),
  NODE_EXTRA_CA_CERTS: extraCaCertificatesFor(certificates.caCertificate, process.env.NODE_EXTRA_CA_CERTS),
  // The sample app's redirect_uri (dev/README.md), so that an app's sign-in can be tried from the mailbox.
  SSO_REDIRECT_ALLOWLIST: process.env.SSO_REDIRECT_ALLOWLIST ?? SAMPLE_APP_REDIRECT_URI,
};

type Service = { tag: string; colour: number; args: string[]; env: NodeJS.ProcessEnv };

const services: Service[] = [
  { tag: 'backend', colour: 36, args: ['dev/backend/server.ts'], env: childEnv },
  // The gateway hands the sample app's openings to the mailbox: it must know the app's redirect_uri.
  { tag: 'gateway', colour: 35, args: ['dev/gateway.ts'], env: { ...childEnv, SSO_REDIRECT_ALLOWLIST: appEnv.SSO_REDIRECT_ALLOWLIST } },
  { tag: 'idp', colour: 33, args: ['dev/identity-provider/server.ts'], env: childEnv },
  { tag: 'app', colour: 32, args: ['node_modules/.bin/next', 'dev', '--hostname', '127.0.0.1', '--port', appPort], env: appEnv },
];

const useColour = process.stdout.isTTY && !process.env.NO_COLOR;
const warmUpTag = { tag: 'warm', colour: 34 };
const tagWidth = Math.max(...[...services, warmUpTag].map((service) => service.tag.length));

function prefixFor(service: Pick<Service, 'tag' | 'colour'>): string {
  const tag = service.tag.padEnd(tagWidth);
  return useColour ? `\u001b[${service.colour}m${tag}\u001b[0m │ ` : `${tag} │ `;
}

function relayLines(from: Readable, to: Writable, prefix: string, filter: (line: string) => string | undefined): void {
  createInterface({ input: from, crlfDelay: Infinity }).on('line', (line) => {
    const text = filter(line);
    if (text !== undefined) to.write(`${prefix}${text.replaceAll('\n', `\n${prefix}`)}\n`);
  });
}

const children = new Set<ChildProcess>();
let stopping = false;
let exitCode = 0;

// Each child leads its own process group, so stopping it also stops whatever it started.
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

function stopAll(code: number): void {
  if (stopping) return;
  stopping = true;
  exitCode = code;
  for (const child of children) signalGroup(child, 'SIGTERM');
  setTimeout(() => {
    for (const child of children) signalGroup(child, 'SIGKILL');
  }, forcedStopAfterMs).unref();
}

function start(service: Service): void {
  // The .bin entry of next is a JavaScript file: running it with this Node needs no node on PATH.
  const child = spawn(process.execPath, service.args, {
    cwd: projectRoot,
    env: service.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  children.add(child);
  const prefix = prefixFor(service);
  // One filter for both streams: a warning said on one is not said again on the other.
  const filter = terminalLineFilter({ loginUrl: `${loginOrigin}/login` });
  relayLines(child.stdout!, process.stdout, prefix, withoutClosedConnections(filter));
  relayLines(child.stderr!, process.stderr, prefix, withoutClosedConnections(filter));

  child.on('error', (error) => {
    process.stderr.write(`${prefix}could not start: ${error.message}\n`);
  });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    process.stderr.write(`${prefix}stopped (${signal ?? `exit code ${code}`}); stopping the others\n`);
    stopAll(code === 0 || code === null ? 1 : code);
  });
  // 'close' comes after the last output line, and also when the child could not be started.
  child.on('close', () => {
    if (!stopping) stopAll(1);
    children.delete(child);
    if (children.size === 0) process.exit(exitCode);
  });
}

process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
process.on('exit', () => {
  for (const child of children) signalGroup(child, 'SIGKILL');
});

for (const line of startupLines({ loginOrigin, ports, identityProviderOrigin: identityProvider.origin, ssoRedirectAllowlist: appEnv.SSO_REDIRECT_ALLOWLIST ?? '' })) {
  console.log(line);
}
for (const service of services) start(service);

// In the background: the servers answer a person's request meanwhile, and nothing waits for it.
void warmUp({ gatewayPort: ports.gateway.port, host: `web.${appDomain}:${gatewayPort}`, paths: warmUpPaths(`${projectRoot}app`) }).then((warmed) => {
  if (!stopping) console.log(`${prefixFor(warmUpTag)}${warmedUpLine(warmed)}`);
});
