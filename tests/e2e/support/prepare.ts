// Prepares the end-to-end topology before Playwright starts it: checks the tools from the
// machine's packages, makes a throw-away certificate authority and a certificate for
// *.desk.test (nginx and the identity provider share it), and fills in the production nginx
// site (deploy/nginx) for local ports.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildBareNext } from '../../../bench/bare-next.ts';
import { ensureDevCertificates, extraCaCertificatesFor } from '../../../dev/identity-provider/certificates.ts';
import {
  APP_PORTS,
  CERTIFICATE_DNS_NAMES,
  HTTP_PORT,
  HTTPS_PORT,
  IPV6_CLIENTS,
  NGINX_ACCESS_LOG,
  NGINX_ERROR_LOG,
  RUN_DIRECTORY,
  TLS_DIRECTORY,
} from './environment.ts';
import { busyBetween, cpuAvailable, cpuTimes } from './machine-cpu.ts';
import { nginxMainConfig, nginxSite } from './nginx-site.ts';

/** The system packages the suite needs (tests/system-packages.txt) that this machine lacks. */
function missingPackages(): string[] {
  return readFileSync(join(process.cwd(), 'tests/system-packages.txt'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => line.trim().split(/\s+/) as [string, string])
    .filter(([file]) => !existsSync(file))
    .map(([, systemPackage]) => systemPackage);
}

const missing = missingPackages();
if (missing.length > 0) {
  const command = `apt-get update && apt-get install -y ${missing.join(' ')}`;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log(`e2e: installing from the system packages: ${missing.join(', ')}`);
    execFileSync('sh', ['-c', `${command} >/dev/null`], { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  } else {
    console.error(`The end-to-end tests need ${missing.join(', ')} from the system packages. As root:`);
    console.error(`  ${command}`);
    process.exit(1);
  }
}
const nginxPath = ['/usr/sbin/nginx', '/usr/bin/nginx'].find(existsSync)!;

/** The 32 hex digits of an IPv6 address, as /proc/net/if_inet6 lists them. */
function hexDigits(address: string): string {
  const [head = '', tail = ''] = address.split('::');
  const before = head ? head.split(':') : [];
  const after = tail ? tail.split(':') : [];
  const groups = [...before, ...Array<string>(8 - before.length - after.length).fill('0'), ...after];
  return groups.map((group) => group.padStart(4, '0')).join('');
}

// Linux lets a socket leave from any address of 127.0.0.0/8, but from an IPv6 address only once it is on an interface.
const ipv6Clients = [...IPV6_CLIENTS.sameNetwork, IPV6_CLIENTS.otherNetwork];
const onLoopback = readFileSync('/proc/net/if_inet6', 'utf8');
const ipv6Missing = ipv6Clients.filter((address) => !onLoopback.includes(hexDigits(address)));
if (ipv6Missing.length > 0) {
  const commands = ipv6Missing.map((address) => `ip -6 addr add ${address}/128 dev lo nodad`);
  if (process.getuid?.() === 0) {
    console.log(`e2e: adding the IPv6 clients of rate-limit.spec.ts to the loopback: ${ipv6Missing.join(', ')}`);
    for (const command of commands) execFileSync('sh', ['-c', command], { stdio: 'inherit' });
  } else {
    console.error('The end-to-end tests need IPv6 client addresses on the loopback. As root:');
    console.error(`  ${commands.join(' && ')}`);
    process.exit(1);
  }
}

// The same generator as npm run dev's identity provider, which is started on this directory too.
const certificates = ensureDevCertificates(TLS_DIRECTORY, CERTIFICATE_DNS_NAMES);
writeFileSync(join(RUN_DIRECTORY, 'node-extra-ca-certs-path'), extraCaCertificatesFor(certificates.caCertificate, process.env.NODE_EXTRA_CA_CERTS));
mkdirSync(join(RUN_DIRECTORY, 'nginx'), { recursive: true });

const site = nginxSite({
  appPorts: APP_PORTS,
  httpsPort: HTTPS_PORT,
  httpPort: HTTP_PORT,
  certificate: certificates.certificate,
  privateKey: certificates.privateKey,
  accessLog: NGINX_ACCESS_LOG,
  errorLog: NGINX_ERROR_LOG,
});
writeFileSync(join(RUN_DIRECTORY, 'nginx', 'desk-booking.conf'), site);

// What a system-wide nginx.conf would hold, kept inside the run directory so no root is needed.
nginxMainConfig(join(RUN_DIRECTORY, 'nginx'), {
  errorLog: NGINX_ERROR_LOG,
  workerConnections: 512,
  // Debian's nginx.conf logs every request in the combined format, query included; the site's own
  // access_log in each server block replaces this one, and access-log.spec.ts reads the file.
  http: [`access_log ${NGINX_ACCESS_LOG};`],
});
writeFileSync(join(RUN_DIRECTORY, 'nginx-path'), nginxPath);
execFileSync(nginxPath, ['-t', '-q', '-p', join(RUN_DIRECTORY, 'nginx'), '-c', join(RUN_DIRECTORY, 'nginx', 'nginx.conf')], { stdio: 'inherit' });

// A suite that shares the CPU with other work takes that much longer: said before it starts.
const idleSince = cpuTimes();
await new Promise((resolve) => setTimeout(resolve, 500));
const { busyPercent } = busyBetween(idleSince, cpuTimes());
const busyElsewhere = busyPercent >= 25 ? `, already ${busyPercent}% busy with other work: the suite takes longer while that runs` : '';
console.log(`e2e: ${cpuAvailable().line}${busyElsewhere}`);

// The framework floor of the size budgets (budgets.spec.ts): a bare page of the same Next.js.
const bareNextStarted = performance.now();
buildBareNext();
console.log(`e2e: bare Next.js page built in ${((performance.now() - bareNextStarted) / 1000).toFixed(1)} s`);
console.log(`e2e: nginx site, certificates and browsers ready (${RUN_DIRECTORY})`);
