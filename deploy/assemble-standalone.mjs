// After `next build`: the standalone server serves its own static files only when they sit
// beside it (Next leaves the copying to us). Everything a deployment needs is then in
// .next/standalone, started with `node .next/standalone/server.js`.
import { cpSync, existsSync, rmSync } from 'node:fs';

const standalone = '.next/standalone';
if (!existsSync(`${standalone}/server.js`)) {
  console.error('No standalone build found: run `next build` first.');
  process.exit(1);
}
for (const [from, to] of [
  ['.next/static', `${standalone}/.next/static`],
  ['public', `${standalone}/public`],
]) {
  rmSync(to, { recursive: true, force: true });
  cpSync(from, to, { recursive: true });
}
console.log(`standalone server assembled in ${standalone}`);
