// The ports of `npm run dev`, and the check that they are free before anything is printed or started.
import { createServer } from 'node:net';

export type DevPort = { name: string; variable: string; port: number; host: string | undefined };

export const DEFAULT_FIRST_PORT = 3000;

/** gateway, backend, app, identity provider and its bare-origin listener, the app's metrics: consecutive from DEV_PORT. */
const layout = [
  { name: 'gateway', variable: 'GATEWAY_PORT', offset: 0 },
  { name: 'backend', variable: 'DEV_BACKEND_PORT', offset: 1 },
  { name: 'app', variable: 'APP_PORT', offset: 2 },
  { name: 'identity provider', variable: 'IDP_PORT', offset: 3 },
  { name: 'bare-origin identity provider', variable: 'IDP_GENERIC_PORT', offset: 4 },
  { name: 'app metrics', variable: 'METRICS_PORT', offset: 5 },
] as const;

export type DevPorts = { gateway: DevPort; backend: DevPort; app: DevPort; idp: DevPort; idpGeneric: DevPort; metrics: DevPort };

function portNumber(variable: string, value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port < 1 || port > 65535) throw new Error(`${variable} must be a port number (1 to 65535), not "${value}"`);
  return port;
}

/**
 * DEV_PORT moves all six ports at once (DEV_PORT=4000: 4000 to 4005); GATEWAY_PORT,
 * DEV_BACKEND_PORT, APP_PORT, IDP_PORT, IDP_GENERIC_PORT and METRICS_PORT each override one. The
 * hosts are those each server listens on: loopback (the gateway on ::1 as well, where there is one).
 */
export function devPorts(environment: Record<string, string | undefined>): DevPorts {
  const first = environment.DEV_PORT ? portNumber('DEV_PORT', environment.DEV_PORT) : DEFAULT_FIRST_PORT;
  if (first + layout.length - 1 > 65535) throw new Error(`DEV_PORT must leave room for ${layout.length} ports (at most ${65536 - layout.length})`);
  const ports: number[] = [];
  const [gateway, backend, app, idp, idpGeneric, metrics] = layout.map(({ name, variable, offset }): DevPort => {
    const explicit = environment[variable];
    // The bare-origin provider stays beside the identity provider's port, as its settings.ts has it.
    const fallback = variable === 'IDP_GENERIC_PORT' ? ports[3]! + 1 : first + offset;
    const port = explicit ? portNumber(variable, explicit) : fallback;
    ports.push(port);
    const host = name === 'backend' ? (environment.DEV_BACKEND_HOST ?? '127.0.0.1') : '127.0.0.1';
    return { name, variable, port, host };
  }) as [DevPort, DevPort, DevPort, DevPort, DevPort, DevPort];
  return { gateway, backend, app, idp, idpGeneric, metrics };
}

/** Whether something listens on the port already: found by trying to listen where the server will. */
export function isPortHeld(port: number, host: string | undefined): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') resolve(true);
      else reject(error);
    });
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(false)));
  });
}

export async function heldPorts(ports: DevPorts): Promise<DevPort[]> {
  const all = Object.values(ports);
  const held = await Promise.all(all.map((entry) => isPortHeld(entry.port, entry.host)));
  return all.filter((_, index) => held[index]);
}

/** A DEV_PORT whose six ports are all free, to suggest; undefined if none of a few tries is. */
export async function freeFirstPort(exceptFirst: number): Promise<number | undefined> {
  for (const first of [4000, 5000, 6000, 7000, 8000, 9000]) {
    if (first === exceptFirst) continue;
    if ((await heldPorts(devPorts({ DEV_PORT: String(first) }))).length === 0) return first;
  }
  return undefined;
}

/** What `npm run dev` says, instead of its banner, when a port it needs is taken. */
export function portsHeldMessage(held: DevPort[], suggestedFirst: number | undefined, domain: string): string {
  const one = held.length === 1;
  const list = held.map((entry) => `${entry.port} (${entry.name}, ${entry.variable})`).join(', ');
  const example = suggestedFirst ?? 4000;
  return [
    `npm run dev cannot start: ${one ? 'port' : 'ports'} ${list} ${one ? 'is' : 'are'} already in use.`,
    `Another development server (an \`npm run dev\` of this or another checkout) or another program holds ${one ? 'it' : 'them'}.`,
    'Stop that one, or give this one other ports:',
    `  DEV_PORT=${example} npm run dev    # ports ${example} to ${example + layout.length - 1}${suggestedFirst ? ', all free now' : ''}`,
    `The login is then at http://web.${domain}:${example}/login. Each port can also be set alone (dev/README.md).`,
  ].join('\n');
}
