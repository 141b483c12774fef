import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BACKEND_PORT, DOMAIN } from './environment.ts';

/**
 * The production nginx site (deploy/nginx/desk-booking.conf) with its placeholders filled in for
 * local ports: the suite's own topology (tests/e2e/prepare.ts) and dedicated deployments alike.
 */
export function nginxSite(options: {
  appPorts: readonly number[];
  httpsPort: number;
  httpPort: number;
  certificate: string;
  privateKey: string;
}): string {
  return readFileSync(join(process.cwd(), 'deploy/nginx/desk-booking.conf'), 'utf8')
    .replaceAll('{{LOGIN_APP_SERVERS}}', options.appPorts.map((port) => `server 127.0.0.1:${port};`).join('\n    '))
    .replaceAll('{{PRODUCT_API_SERVER}}', `127.0.0.1:${BACKEND_PORT}`)
    .replaceAll('{{MAIN_WEB_APP_SERVER}}', `127.0.0.1:${BACKEND_PORT}`)
    .replaceAll('{{HTTPS_PORT}}', String(options.httpsPort))
    .replaceAll('{{HTTP_PORT}}', String(options.httpPort))
    .replaceAll('{{DOMAIN}}', DOMAIN)
    .replaceAll('{{TLS_CERTIFICATE}}', options.certificate)
    .replaceAll('{{TLS_CERTIFICATE_KEY}}', options.privateKey);
}
