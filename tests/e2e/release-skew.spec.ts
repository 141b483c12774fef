import { randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startDeployment, type Deployment } from './support/dedicated-deployment.ts';
import { DOMAIN, testPort } from './support/environment.ts';
import { standaloneStaticFiles } from './support/nginx-site.ts';

/**
 * A rolling deploy from release A to release B: instances of both run behind one nginx, and nginx
 * holds B's files (deploy/README.md, The build's files). A page that an instance of A rendered
 * asks for A's files, which nginx no longer has and B's instances never had: nginx must find them
 * on an instance of A, never answer 404. Release B is this build with other files: a copy of the
 * standalone server (hard links) whose `.next/static` holds only a file of B's own.
 */

const HTTPS_PORT = testPort(4820);
const HTTP_PORT = testPort(4821);
const RELEASE_A = testPort(4822);
const RELEASE_B = testPort(4823);
const HOST = `web.${DOMAIN}:${HTTPS_PORT}`;

/** The two releases' files, outside the checkout: the linters and the type check read everything in it. */
let releases = '';
/** The folder nginx serves the build's files from, as an operator copies them in. */
const proxyFiles = () => join(releases, 'proxy', 'static');
const releaseB = () => join(releases, 'release-b');
/** A file beside that folder, which no path may reach. */
const OUTSIDE_MARKER = `outside-the-folder-${randomUUID()}`;
const B_FILE = 'chunks/release-b-only.js';

let deployment: Deployment;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  releases = mkdtempSync(join(tmpdir(), 'desk-login-release-skew-'));
  mkdirSync(join(releaseB(), '.next'), { recursive: true });
  const [build, copy] = [join(process.cwd(), '.next/standalone'), join(releaseB(), '.next/standalone')];
  try {
    execFileSync('cp', ['-al', build, copy], { stdio: 'ignore' });
  } catch {
    // A temporary folder on another file system than the checkout: copied instead (some 40 MB).
    rmSync(copy, { recursive: true, force: true });
    execFileSync('cp', ['-a', build, copy]);
  }
  rmSync(standaloneStaticFiles(releaseB()), { recursive: true });
  mkdirSync(join(standaloneStaticFiles(releaseB()), 'chunks'), { recursive: true });
  writeFileSync(join(standaloneStaticFiles(releaseB()), B_FILE), '/* release B */\n');
  // nginx holds A's files first: the release before, copied in as the deploy README says.
  mkdirSync(join(releases, 'proxy'), { recursive: true });
  execFileSync('cp', ['-R', standaloneStaticFiles(process.cwd()), proxyFiles()]);
  writeFileSync(join(releases, 'proxy', 'outside.js'), OUTSIDE_MARKER);
  deployment = await startDeployment('release-skew', {
    httpsPort: HTTPS_PORT,
    httpPort: HTTP_PORT,
    appPorts: [RELEASE_B, RELEASE_A],
    instanceRoots: { [RELEASE_B]: releaseB() },
    staticFiles: proxyFiles(),
  });
});

test.afterAll(async () => {
  await deployment?.stop();
  if (releases) rmSync(releases, { recursive: true, force: true });
});

/** A GET through nginx with the path exactly as written (no client resolves its dot segments), named by a request id. */
function get(path: string): Promise<{ status: number; body: string; requestId: string }> {
  const requestId = randomUUID();
  return new Promise((resolve, reject) => {
    const request = httpsRequest(
      { host: '127.0.0.1', port: HTTPS_PORT, path, servername: `web.${DOMAIN}`, rejectUnauthorized: false, headers: { host: HOST, 'x-request-id': requestId } },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body, requestId }));
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/**
 * The instances nginx asked for each of these requests, in turn; empty where nginx answered itself.
 * nginx writes a line once its answer is sent, which the client may have read first.
 */
async function asked(...requestIds: string[]): Promise<string[][]> {
  const entries = () => requestIds.map((id) => deployment.forwarded().find((forwarded) => forwarded.clientRequestId === id));
  await expect.poll(() => entries().every(Boolean), { intervals: [50], message: 'nginx logged every request' }).toBe(true);
  return entries().map((entry) => entry!.upstreams.filter((upstream) => upstream !== '-'));
}

const at = (port: number) => `127.0.0.1:${port}`;

test("a page of the release before still gets every file of its build once nginx holds only the new release's", async () => {
  const page = await get('/login/en');
  expect(page.status).toBe(200);
  const files = [...new Set([...page.body.matchAll(/(?:src|href)="(\/login\/_next\/static\/[^"]+)"/g)].map((match) => match[1]!))];
  expect(files.length).toBeGreaterThan(1);
  // The control: the page itself came from an instance.
  expect((await asked(page.requestId))[0]).toHaveLength(1);

  // Release B's files replace A's in nginx's folder.
  for (const entry of readdirSync(proxyFiles())) rmSync(join(proxyFiles(), entry), { recursive: true });
  execFileSync('cp', ['-R', `${standaloneStaticFiles(releaseB())}/.`, proxyFiles()]);
  const ofB = await get(`/login/_next/static/${B_FILE}`);
  expect([ofB.status, ofB.body, ...(await asked(ofB.requestId))]).toEqual([200, '/* release B */\n', []]);

  // The instance of B has none of A's files; the instance of A has them all.
  for (const file of files) {
    expect((await fetch(`http://127.0.0.1:${RELEASE_B}${file}`)).status, `${file} at release B`).toBe(404);
    expect((await fetch(`http://127.0.0.1:${RELEASE_A}${file}`)).status, `${file} at release A`).toBe(200);
  }

  // Each file twice: nginx's round robin starts one of the two at the instance of B.
  const answers = [];
  for (const file of [...files, ...files]) {
    const answer = await get(file);
    expect(answer.status, file).toBe(200);
    answers.push(answer);
  }
  const instances = await asked(...answers.map((answer) => answer.requestId));
  // Some went to B first, which answered 404, and nginx went on to A: B's 404 never reached the browser.
  expect(instances.filter((each) => each.length > 1).length).toBeGreaterThan(0);
  for (const each of instances) expect([[at(RELEASE_A)], [at(RELEASE_B), at(RELEASE_A)]]).toContainEqual(each);
});

test("paths that climb out of the build's folder, hide a separator or name a folder answer 404 from nginx, listing nothing", async () => {
  const probes = [
    '/login/_next/static/',
    '/login/_next/static/chunks',
    '/login/_next/static/chunks/',
    '/login/_next/static/../outside.js',
    '/login/_next/static/chunks/../../outside.js',
    '/login/_next/static/..%2foutside.js',
    '/login/_next/static/%2e%2e/outside.js',
    '/login/_next/static/chunks%2F..%2F..%2Foutside.js',
    '/login/_next/static/chunks\\..\\..\\outside.js',
    '/login/_next/static/chunks/%5c..%5c..%5coutside.js',
    '/login/_next/static/../../server.js',
    '/login/_next/static/..%2f..%2f..%2fpackage.json',
  ];
  const answers = [];
  for (const path of probes) {
    const answer = await get(path);
    expect(answer.status, path).toBe(404);
    expect(answer.body, path).not.toMatch(new RegExp(`${OUTSIDE_MARKER}|Index of|release-b-only|"dependencies"|require\\(`));
    answers.push(answer);
  }
  // None of them reached an instance.
  expect(await asked(...answers.map((answer) => answer.requestId))).toEqual(probes.map(() => []));
  // The control: the same reader sees a file of the folder, and nginx sends a name it lacks on to the instances.
  const inside = await get(`/login/_next/static/${B_FILE}`);
  expect([inside.status, ...(await asked(inside.requestId))]).toEqual([200, []]);
  const missing = await get('/login/_next/static/chunks/no-such-file.js');
  expect(missing.status).toBe(404);
  expect(new Set((await asked(missing.requestId))[0])).toEqual(new Set([at(RELEASE_B), at(RELEASE_A)]));
});
