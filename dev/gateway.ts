// The development stand-in for the production reverse proxy (dev/gateway-proxy.ts), on loopback.
import { createServer } from 'node:http';
import { createGateway } from './gateway-proxy.ts';

const gatewayPort = Number(process.env.GATEWAY_PORT ?? 3000);
const loginApp = { name: 'the Next dev server', port: Number(process.env.APP_PORT ?? 3002) };
const backend = { name: 'the dev backend', port: Number(process.env.DEV_BACKEND_PORT ?? 3001) };
const devDomain = process.env.APP_DOMAINS?.split(',')[0]?.trim() || 'desk.localhost';
// The sample app's openings go to the backend's mailbox (dev/README.md, Links to try, and the sample app).
const sampleApp = {
  redirectUris: (process.env.SSO_REDIRECT_ALLOWLIST ?? '').split(',').map((uri) => uri.trim()),
  opened: (address: string) => {
    fetch(`http://127.0.0.1:${backend.port}/__dev/app-openings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ address }) }).catch(
      (error: Error) => console.error(`the mailbox did not take the sample app's address: ${error.message}`),
    );
  },
};
const { handleRequest, handleUpgrade } = createGateway({ gatewayPort, devDomain, loginApp, backend, log: (line) => console.log(line), sampleApp });

// Loopback only: the mailbox behind it holds live sign-in links. Browsers may try either loopback
// address for *.localhost; a machine without IPv6 simply has no second listener.
function listen(host: string, required: boolean): Promise<boolean> {
  const server = createServer(handleRequest);
  server.on('upgrade', handleUpgrade);
  return new Promise((resolve) => {
    server.on('error', (error: NodeJS.ErrnoException) => {
      if (!required && (error.code === 'EADDRNOTAVAIL' || error.code === 'EAFNOSUPPORT')) return resolve(false);
      console.error(`gateway cannot listen on ${host} port ${gatewayPort}: ${error.code ?? error.message}`);
      process.exit(1);
    });
    server.listen(gatewayPort, host, () => resolve(true));
  });
}

await listen('127.0.0.1', true);
await listen('::1', false);
console.log(`gateway on http://web.${devDomain}:${gatewayPort} (loopback): /login → port ${loginApp.port}, everything else → port ${backend.port}`);
