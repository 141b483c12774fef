import { spawn, type ChildProcess } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { connect } from 'node:tls';
import { expect, test } from '@playwright/test';
import { ensureDevCertificates } from '../../dev/identity-provider/certificates.ts';
import { DOMAIN, RUN_DIRECTORY, testPort } from './support/environment.ts';
import { nginxMainConfig, nginxSite } from './support/nginx-site.ts';

/**
 * cert-manager renews the TLS Secret; Kubernetes swaps the mounted files in place (a new
 * timestamped folder, then the `..data` link renamed onto it); nginx reads them only at start
 * and on reload. The proxy's pod runs deploy/nginx/reload-on-change.sh beside nginx for that:
 * here the script itself watches the production site's certificate under a running nginx.
 */

const HTTPS_PORT = testPort(4600);
const HTTP_PORT = testPort(4609);
const APP_PORT = testPort(4601);
const directory = join(RUN_DIRECTORY, 'certificate-renewal');
const secret = join(directory, 'tls');
const nginxDirectory = join(directory, 'nginx');
const children: ChildProcess[] = [];

/** One certificate for *.desk.test, each from an authority of its own: three that differ. */
function newCertificate(name: string): { certificate: string; key: string; fingerprint: string } {
  const files = ensureDevCertificates(join(directory, 'made', name), [`*.${DOMAIN}`]);
  const certificate = readFileSync(files.certificate, 'utf8');
  return { certificate, key: readFileSync(files.privateKey, 'utf8'), fingerprint: new X509Certificate(certificate).fingerprint256 };
}

/** As the kubelet writes a Secret volume: the files in a timestamped folder, `..data` renamed onto it at once. */
function writeSecret(version: string, pair: { certificate: string; key: string }): void {
  const folder = join(secret, `..${version}`);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'tls.crt'), pair.certificate);
  writeFileSync(join(folder, 'tls.key'), pair.key, { mode: 0o600 });
  symlinkSync(`..${version}`, join(secret, '..data_tmp'));
  renameSync(join(secret, '..data_tmp'), join(secret, '..data'));
}

/** The certificate nginx presents for web.desk.test now, by its SHA-256 fingerprint. */
function servedFingerprint(): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: HTTPS_PORT, servername: `web.${DOMAIN}`, rejectUnauthorized: false }, () => {
      const served = socket.getPeerX509Certificate()?.fingerprint256 ?? '';
      socket.end();
      resolve(served);
    });
    socket.on('error', () => resolve(''));
  });
}

function output(child: ChildProcess): () => string {
  let said = '';
  child.stdout?.on('data', (chunk: Buffer) => (said += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (said += chunk.toString()));
  return () => said;
}

test.afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 300));
  rmSync(directory, { recursive: true, force: true });
});

test('a renewed certificate is served without a restart once reload-on-change.sh sees it, and not before', async () => {
  rmSync(directory, { recursive: true, force: true });
  mkdirSync(nginxDirectory, { recursive: true });
  mkdirSync(secret, { recursive: true });
  const [first, second, third] = ['first', 'second', 'third'].map(newCertificate) as [ReturnType<typeof newCertificate>, ReturnType<typeof newCertificate>, ReturnType<typeof newCertificate>];
  expect(new Set([first.fingerprint, second.fingerprint, third.fingerprint]).size).toBe(3);
  writeSecret('2026_01_01', first);
  symlinkSync('..data/tls.crt', join(secret, 'tls.crt'));
  symlinkSync('..data/tls.key', join(secret, 'tls.key'));

  // The production site, as the proxy's pod fills it in, reading the Secret's paths.
  const site = nginxSite({
    appPorts: [APP_PORT],
    httpsPort: HTTPS_PORT,
    httpPort: HTTP_PORT,
    certificate: join(secret, 'tls.crt'),
    privateKey: join(secret, 'tls.key'),
    accessLog: join(nginxDirectory, 'access.log'),
    errorLog: join(nginxDirectory, 'error.log'),
  });
  writeFileSync(join(nginxDirectory, 'desk-booking.conf'), site);
  const config = nginxMainConfig(nginxDirectory, { errorLog: join(nginxDirectory, 'error.log'), workerConnections: 64 });
  const nginxPath = readFileSync(join(RUN_DIRECTORY, 'nginx-path'), 'utf8').trim();
  const nginxOptions = ['-p', nginxDirectory, '-c', config];
  const nginx = spawn(nginxPath, [...nginxOptions, '-g', 'daemon off;'], { stdio: 'ignore' });
  children.push(nginx);
  await expect.poll(servedFingerprint, { message: 'nginx serves the first certificate' }).toBe(first.fingerprint);
  const masterPid = readFileSync(join(nginxDirectory, 'nginx.pid'), 'utf8').trim();

  // The control: renewed with nobody watching, nginx keeps serving the old certificate.
  writeSecret('2026_02_01', second);
  expect(readFileSync(join(secret, 'tls.crt'), 'utf8')).toBe(second.certificate);
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  expect(await servedFingerprint(), 'served after a renewal that nobody reloaded').toBe(first.fingerprint);

  // The script the proxy's pod runs, every second here instead of every 30.
  const reloader = spawn('sh', ['deploy/nginx/reload-on-change.sh', join(secret, 'tls.crt'), join(secret, 'tls.key')], {
    env: { ...process.env, RELOAD_INTERVAL: '1', NGINX: [nginxPath, ...nginxOptions].join(' ') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(reloader);
  const said = output(reloader);
  await expect.poll(said).toContain('watching');
  writeSecret('2026_03_01', third);
  await expect.poll(servedFingerprint, { message: 'nginx serves the renewed certificate', timeout: 15_000 }).toBe(third.fingerprint);
  expect(said()).toContain('changed: nginx reloaded');
  // Reloaded, not restarted: the same master process, which never stopped.
  expect(readFileSync(join(nginxDirectory, 'nginx.pid'), 'utf8').trim()).toBe(masterPid);
  expect(nginx.exitCode).toBeNull();
});
