// A plain Node static server: the files of a directory, read into memory at start, served as
// they are. What serving a screen costs when nothing is rendered per request.
// node bench/static-server.ts <directory>   (PORT, HOSTNAME from the environment)
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, relative, sep } from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
};

const root = process.argv[2];
if (!root) throw new Error('usage: node bench/static-server.ts <directory>');

const files = new Map<string, { body: Buffer; type: string }>();
for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile()) continue;
  const path = join(entry.parentPath, entry.name);
  const urlPath = `/${relative(root, path).split(sep).join('/')}`.replace(/\/index\.html$/, '');
  files.set(urlPath, { body: readFileSync(path), type: CONTENT_TYPES[extname(path)] ?? 'application/octet-stream' });
}

createServer((request, response) => {
  const file = files.get((request.url ?? '/').split('?')[0] ?? '/');
  if (!file) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { 'content-type': file.type, 'content-length': file.body.length }).end(file.body);
}).listen(Number(process.env.PORT), process.env.HOSTNAME ?? '127.0.0.1');
