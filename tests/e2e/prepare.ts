// Prepares the end-to-end topology before Playwright starts it: checks the tools from the
// machine's packages, makes a throw-away certificate authority and a certificate for
// *.desk.test, and fills in the production nginx site (deploy/nginx) for local ports.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  APP_PORTS,
  BACKEND_PORT,
  CHROMIUM_PATH,
  DOMAIN,
  HTTPS_PORT,
  RUN_DIRECTORY,
} from './environment.ts';

function commandExists(command: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const nginxPath = ['/usr/sbin/nginx', '/usr/bin/nginx'].find(existsSync) ?? (commandExists('nginx') ? 'nginx' : undefined);
const missing = [
  existsSync(CHROMIUM_PATH) ? undefined : 'chromium',
  nginxPath ? undefined : 'nginx-light',
  commandExists('openssl') ? undefined : 'openssl',
].filter(Boolean);
if (missing.length > 0) {
  console.error(`The end-to-end tests need ${missing.join(', ')} from the system packages:`);
  console.error(`  apt-get update && apt-get install -y ${missing.join(' ')}`);
  process.exit(1);
}

const tls = join(RUN_DIRECTORY, 'tls');
mkdirSync(tls, { recursive: true });
mkdirSync(join(RUN_DIRECTORY, 'nginx'), { recursive: true });

function openssl(...args: string[]) {
  execFileSync('openssl', args, { cwd: tls, stdio: ['ignore', 'ignore', 'pipe'] });
}

if (!existsSync(join(tls, 'server.crt'))) {
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '30', '-subj', '/CN=Desk Login Test CA',
    '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign',
    '-keyout', 'ca.key', '-out', 'ca.crt');
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-subj', `/CN=${DOMAIN}`, '-keyout', 'server.key', '-out', 'server.csr');
  writeFileSync(join(tls, 'server.ext'), `subjectAltName=DNS:${DOMAIN},DNS:*.${DOMAIN}\nextendedKeyUsage=serverAuth\n`);
  openssl('x509', '-req', '-in', 'server.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-days', '30',
    '-extfile', 'server.ext', '-out', 'server.crt');
}

const site = readFileSync(join(process.cwd(), 'deploy/nginx/desk-booking.conf'), 'utf8')
  .replaceAll('{{LOGIN_APP_SERVERS}}', APP_PORTS.map((port) => `server 127.0.0.1:${port};`).join('\n    '))
  .replaceAll('{{PRODUCT_API_SERVER}}', `127.0.0.1:${BACKEND_PORT}`)
  .replaceAll('{{MAIN_WEB_APP_SERVER}}', `127.0.0.1:${BACKEND_PORT}`)
  .replaceAll('{{HTTPS_PORT}}', String(HTTPS_PORT))
  .replaceAll('{{DOMAIN}}', DOMAIN)
  .replaceAll('{{TLS_CERTIFICATE}}', join(tls, 'server.crt'))
  .replaceAll('{{TLS_CERTIFICATE_KEY}}', join(tls, 'server.key'));
writeFileSync(join(RUN_DIRECTORY, 'nginx', 'desk-booking.conf'), site);

// What a system-wide nginx.conf would hold, kept inside the run directory so no root is needed.
writeFileSync(
  join(RUN_DIRECTORY, 'nginx', 'nginx.conf'),
  `worker_processes 1;
pid ${join(RUN_DIRECTORY, 'nginx', 'nginx.pid')};
error_log ${join(RUN_DIRECTORY, 'nginx', 'error.log')} warn;
events { worker_connections 512; }
http {
  access_log ${join(RUN_DIRECTORY, 'nginx', 'access.log')};
  client_body_temp_path ${join(RUN_DIRECTORY, 'nginx', 'client-body')};
  proxy_temp_path ${join(RUN_DIRECTORY, 'nginx', 'proxy')};
  fastcgi_temp_path ${join(RUN_DIRECTORY, 'nginx', 'fastcgi')};
  uwsgi_temp_path ${join(RUN_DIRECTORY, 'nginx', 'uwsgi')};
  scgi_temp_path ${join(RUN_DIRECTORY, 'nginx', 'scgi')};
  include ${join(RUN_DIRECTORY, 'nginx', 'desk-booking.conf')};
}
`,
);
writeFileSync(join(RUN_DIRECTORY, 'nginx-path'), nginxPath!);
execFileSync(nginxPath!, ['-t', '-q', '-p', join(RUN_DIRECTORY, 'nginx'), '-c', join(RUN_DIRECTORY, 'nginx', 'nginx.conf')], { stdio: 'inherit' });
console.log(`e2e: nginx site, certificates and Chromium ready (${RUN_DIRECTORY})`);
