import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { devPorts, isPortHeld, portsHeldMessage } from '@/dev/ports';

/** `npm run dev` (dev/run.ts) checks its six ports before it prints or starts anything. */

function listen(port = 0, host = '127.0.0.1'): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

function portOf(server: Server): number {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening on a port');
  return address.port;
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

/** Ports free a moment ago: the servers are closed again before run.ts looks. */
async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(Array.from({ length: count }, () => listen()));
  const ports = servers.map(portOf);
  await Promise.all(servers.map(close));
  return ports;
}

type Run = { code: number | null; stdout: string; stderr: string };

function runDev(environment: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    // Its own process group: should the check ever let it through, the whole tree is stopped.
    const child = spawn(process.execPath, ['dev/run.ts'], { env: { ...process.env, ...environment }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 15_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('npm run dev while its ports are taken', () => {
  let certificates: string;
  beforeAll(() => {
    certificates = mkdtempSync(join(tmpdir(), 'dev-ports-'));
  });
  afterAll(() => rmSync(certificates, { recursive: true, force: true }));

  it('says which port another server holds and how to choose others, exits non-zero, and prints no banner', async () => {
    const holder = await listen();
    const held = portOf(holder);
    const [backend, app, idp, idpGeneric, metrics] = await freePorts(5);
    try {
      const run = await runDev({
        GATEWAY_PORT: String(held),
        DEV_BACKEND_PORT: String(backend),
        APP_PORT: String(app),
        IDP_PORT: String(idp),
        IDP_GENERIC_PORT: String(idpGeneric),
        METRICS_PORT: String(metrics),
        IDP_CERTIFICATE_DIRECTORY: certificates,
      });
      expect(run.code).not.toBe(0);
      expect(run.code).not.toBeNull();
      expect(run.stderr).toContain(`port ${held} (gateway, GATEWAY_PORT) is already in use`);
      expect(run.stderr).toContain('Another development server');
      expect(run.stderr).toMatch(/DEV_PORT=\d+ npm run dev/);
      // The banner, and any server's first line, never came.
      expect(run.stdout).not.toContain('Login:');
      expect(`${run.stdout}${run.stderr}`).not.toMatch(/│|EADDRINUSE/);
    } finally {
      await close(holder);
    }
  }, 20_000);

  it('names every port that is taken, whoever holds it', async () => {
    const holders = await Promise.all([listen(), listen()]);
    const [gateway, backend] = holders.map(portOf);
    const [app, idp, idpGeneric, metrics] = await freePorts(4);
    try {
      const run = await runDev({
        GATEWAY_PORT: String(gateway),
        DEV_BACKEND_PORT: String(backend),
        APP_PORT: String(app),
        IDP_PORT: String(idp),
        IDP_GENERIC_PORT: String(idpGeneric),
        METRICS_PORT: String(metrics),
        IDP_CERTIFICATE_DIRECTORY: certificates,
      });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`ports ${gateway} (gateway, GATEWAY_PORT), ${backend} (backend, DEV_BACKEND_PORT) are already in use`);
      expect(run.stdout).toBe('');
    } finally {
      await Promise.all(holders.map(close));
    }
  }, 20_000);

  it('refuses a DEV_PORT that is no port, before anything else', async () => {
    const run = await runDev({ DEV_PORT: 'three thousand', IDP_CERTIFICATE_DIRECTORY: certificates });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('npm run dev cannot start: DEV_PORT must be a port number (1 to 65535), not "three thousand"\n');
    expect(run.stdout).toBe('');
  }, 20_000);
});

describe('devPorts', () => {
  it('keeps the usual ports without settings', () => {
    const ports = devPorts({});
    expect(Object.values(ports).map((entry) => entry.port)).toEqual([3000, 3001, 3002, 3003, 3004, 3005]);
  });

  it('moves all six with DEV_PORT, and one alone with its own variable', () => {
    const ports = devPorts({ DEV_PORT: '4000', APP_PORT: '4100' });
    expect(Object.values(ports).map((entry) => entry.port)).toEqual([4000, 4001, 4100, 4003, 4004, 4005]);
  });

  it('keeps the bare-origin provider beside the identity provider, as its own settings do', () => {
    expect(devPorts({ IDP_PORT: '5003' }).idpGeneric.port).toBe(5004);
    expect(devPorts({ IDP_PORT: '5003', IDP_GENERIC_PORT: '5100' }).idpGeneric.port).toBe(5100);
  });

  it('checks each port on the address its server listens on', () => {
    const ports = devPorts({ DEV_BACKEND_HOST: '0.0.0.0' });
    // Loopback only: the mailbox behind the gateway holds live sign-in links.
    expect(ports.gateway.host).toBe('127.0.0.1');
    expect(ports.app.host).toBe('127.0.0.1');
    expect(ports.backend.host).toBe('0.0.0.0');
    expect(ports.idp.host).toBe('127.0.0.1');
    expect(ports.idpGeneric.host).toBe('127.0.0.1');
    expect(ports.metrics.host).toBe('127.0.0.1');
  });

  it('refuses ports out of range', () => {
    expect(() => devPorts({ DEV_PORT: '65534' })).toThrow('DEV_PORT must leave room for 6 ports');
    expect(devPorts({ DEV_PORT: '65530' }).metrics.port).toBe(65535);
    expect(() => devPorts({ GATEWAY_PORT: '0' })).toThrow('GATEWAY_PORT must be a port number');
  });
});

describe('isPortHeld', () => {
  it('sees a port held on loopback from the all-interfaces address too', async () => {
    const holder = await listen();
    const port = portOf(holder);
    try {
      expect(await isPortHeld(port, undefined)).toBe(true);
      expect(await isPortHeld(port, '127.0.0.1')).toBe(true);
    } finally {
      await close(holder);
    }
    expect(await isPortHeld(port, '127.0.0.1')).toBe(false);
  });
});

describe('portsHeldMessage', () => {
  it('suggests a free DEV_PORT and the login address it gives', () => {
    const message = portsHeldMessage([devPorts({}).gateway], 5000, 'desk.localhost');
    expect(message).toContain('port 3000 (gateway, GATEWAY_PORT) is already in use.');
    expect(message).toContain('DEV_PORT=5000 npm run dev');
    expect(message).toContain('http://web.desk.localhost:5000/login');
  });
});
