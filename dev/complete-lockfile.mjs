// The registry reachable from our machines serves only the Linux builds of packages with native
// binaries, so `npm install` leaves the other platforms' optional packages out of
// package-lock.json and `npm ci` then refuses the lock file. This adds those entries back with
// their os and cpu, which is all `npm ci` needs to skip them on Linux (and to fetch them on a
// Mac or Windows machine that reaches the full registry). Run after every `npm install` that
// changes the lock file: `node dev/complete-lockfile.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const lockPath = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const packages = lock.packages;

const osNames = ['darwin', 'win32', 'linux', 'android', 'freebsd', 'openharmony', 'wasi', 'sunos', 'aix'];
const cpuNames = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64', 'wasm32'];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((part) => osNames.includes(part)) ?? (parts.includes('wasm32') ? 'wasi' : undefined);
  const cpu = parts.find((part) => cpuNames.includes(part));
  return { os, cpu };
}

let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${path ? `${path}/` : ''}node_modules/${name}`;
    if (packages[nested] || packages[`node_modules/${name}`]) continue;
    const { os, cpu } = platformOf(name);
    if (!os || !cpu) {
      console.warn(`left alone (platform not recognised): ${name}`);
      continue;
    }
    packages[`node_modules/${name}`] = {
      version: range.replace(/^[\^~=]/, ''),
      dev: entry.dev || undefined,
      optional: true,
      os: os === 'wasi' ? undefined : [os],
      cpu: [cpu],
    };
    added += 1;
  }
}

writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} optional platform packages recorded`);
