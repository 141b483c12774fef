import { join } from 'node:path';

/** Addresses of the end-to-end topology: nginx in front, as in production (deploy/nginx). */
export const DOMAIN = 'desk.test';
export const HTTPS_PORT = 4443;
export const APP_PORTS = [4100];
export const BACKEND_PORT = 4101;

export const LOGIN_ORIGIN = `https://web.${DOMAIN}:${HTTPS_PORT}`;
export const BACKEND_ORIGIN = `http://127.0.0.1:${BACKEND_PORT}`;
/** Generated certificates and nginx files; npm scripts and Playwright run from the project root. */
export const RUN_DIRECTORY = join(process.cwd(), 'tests/e2e/.run/');

export function organisationOrigin(subDomain: string): string {
  return `https://${subDomain}.${DOMAIN}:${HTTPS_PORT}`;
}

/** Chromium as these machines have it (Debian's package), told that *.desk.test is this machine. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
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
