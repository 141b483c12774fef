import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { backendConfig } from './config.ts';
import { sendErrorCode } from './http.ts';
import { handleLandingPage } from './landing-page.ts';
import { handleMailbox } from './mailbox.ts';
import { apiPathForLog, handleProductApi } from './product-api.ts';
import { handleTestHook } from './test-hooks.ts';

function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

function dispatch(req: IncomingMessage, res: ServerResponse, url: URL): void | Promise<void> {
  if (isUnder(url.pathname, '/api')) return handleProductApi(req, res, url);
  if (isUnder(url.pathname, '/mailbox')) return handleMailbox(req, res, url);
  if (isUnder(url.pathname, '/__dev')) return handleTestHook(req, res, url);
  return handleLandingPage(req, res, url);
}

// The log must not carry e-mail addresses or tokens, which can sit in any path segment.
function pathForLog(path: string): string {
  return (
    apiPathForLog(path) ??
    path
      .split('/')
      .map((segment) => (/@|%40/i.test(segment) ? '{email}' : segment.length > 20 ? '{id}' : segment))
      .join('/')
  );
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://dev-backend');
  res.on('close', () => {
    const status = res.writableFinished ? String(res.statusCode) : 'closed without answer';
    console.log(`${req.method} ${pathForLog(url.pathname)} ${status}`);
  });
  Promise.resolve(dispatch(req, res, url)).catch((error: unknown) => {
    console.error(`dev backend failed on ${req.method} ${pathForLog(url.pathname)}:`, error instanceof Error ? error.message : error);
    if (res.headersSent) res.destroy();
    else sendErrorCode(res, 500, 'DEV_BACKEND_FAILURE');
  });
});

// Idle connections stay open for longer than any test waits between two calls, as behind a load
// balancer: with Node's 5 s a client could send on a connection the backend was just closing.
server.keepAliveTimeout = 65_000;

server.on('error', (error: NodeJS.ErrnoException) => {
  console.error(`dev backend cannot listen on ${backendConfig.host}:${backendConfig.port}: ${error.code ?? error.message}`);
  process.exit(1);
});

server.listen(backendConfig.port, backendConfig.host, () => {
  console.log(`dev backend on http://${backendConfig.host}:${backendConfig.port} (links point at ${backendConfig.linkOrigin})`);
});
