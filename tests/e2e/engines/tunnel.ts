import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { DOMAIN } from '../support/environment.ts';

/**
 * What Chromium's --host-resolver-rules does for the engines that have no such switch: an HTTP
 * CONNECT proxy on loopback that sends every *.desk.test host to this machine, and refuses any
 * other. The browser opens TLS through the tunnel to nginx itself, so certificates and cookies
 * are the real ones.
 */
export async function startLoopbackTunnel(): Promise<{ port: number; close: () => Promise<void> }> {
  const open = new Set<Socket>();
  const server: Server = createServer((_request, response) => response.writeHead(405).end('CONNECT only')).on('connect', (request, client: Socket, head) => {
    const target = URL.parse(`https://${request.url}`);
    if (!target?.hostname.endsWith(`.${DOMAIN}`)) return void client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
    const upstream = connect(Number(target.port || 443), '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    // A browser that outlived its driver (MiniBrowser, once WebKitWebDriver is killed) may hold
    // a tunnel open: closing waits for no one, or the worker's teardown would.
    close: () => {
      for (const socket of open) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
