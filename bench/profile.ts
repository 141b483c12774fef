// Where the app's CPU goes on one path (issue 33): a fresh app process under `node --cpu-prof`,
// loaded with autocannon, its main thread's samples during the load sorted into categories.
// Run by `npm run bench` (bench/run.ts), after the load rounds.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { cpuMilliseconds, startServer, type NodeServerOptions } from './processes.ts';

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type CpuProfile = { nodes: ProfileNode[]; startTime: number; samples: number[]; timeDeltas: number[] };

export const PROFILE_CATEGORIES = [
  'proxy.ts (and all it calls)',
  'logging (pino)',
  'React render',
  'Next.js server (next/dist)',
  'Node (http, streams, timers)',
  'app code and other libraries, outside proxy.ts',
  'garbage collection (main thread)',
  'V8 and native, not attributed (program)',
] as const;
export type ProfileCategory = (typeof PROFILE_CATEGORIES)[number];

export type ProfileSummary = {
  path: string;
  requests: number;
  seconds: number;
  /** utime + stime of the whole process during the load (every thread), per request. */
  processCpuMsPerRequest: number;
  /** The main thread's samples that were not idle, per request. */
  sampledMsPerRequest: number;
  categories: { category: ProfileCategory; msPerRequest: number }[];
  /** The functions with the most time of their own, none of them idle. */
  topFunctions: { name: string; where: string; category: ProfileCategory; msPerRequest: number }[];
};

/** Where a frame's code came from: its original source when the build left a source map beside it. */
class Origins {
  private readonly maps = new Map<string, SourceMap | undefined>();
  source(frame: CallFrame): string {
    if (!frame.url.startsWith('file://')) return frame.url;
    const file = fileURLToPath(frame.url);
    let map = this.maps.get(file);
    if (!this.maps.has(file)) {
      // The standalone server runs copies of the build's chunks; their maps stay in the build.
      const mapFile = [`${file}.map`, `${file.replace(`${sep}.next${sep}standalone${sep}`, sep)}.map`].find((candidate) => existsSync(candidate));
      map = mapFile ? new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8')) as SourceMapPayload) : undefined;
      this.maps.set(file, map);
    }
    const entry = map?.findEntry(frame.lineNumber, frame.columnNumber);
    const original = entry && 'originalSource' in entry ? (entry.originalSource as string | undefined) : undefined;
    return original ?? file;
  }
}

// React's server renderers (Fizz for HTML, Flight for the payload), bundled into Next's runtimes.
const REACT_RENDER = /^(renderToReadableStream|renderElement|renderNode|renderNodeDestructive|renderChildrenArray|renderComponentWithHooks|renderFunctionComponent|renderHostElement|retryTask|retryRenderTask|retrySegment|performWork|renderModel|renderModelDestructive|flushCompletedQueues|pushStartInstance|pushStartGenericElement)$/;

function frameCategory(frame: CallFrame, source: string): ProfileCategory | undefined {
  if (frame.functionName === '(garbage collector)') return 'garbage collection (main thread)';
  if (frame.functionName === '(program)') return 'V8 and native, not attributed (program)';
  if (source.includes('/pino/') || source.includes('/sonic-boom/') || source.includes('/thread-stream/') || /(^|\/)lib\/logger(\.ts)?$/.test(source)) return 'logging (pino)';
  if (/(^|\/)proxy\.ts$/.test(source)) return 'proxy.ts (and all it calls)';
  if (REACT_RENDER.test(frame.functionName) && source.includes('next/dist/compiled/')) return 'React render';
  return undefined;
}

/**
 * A sample's category when nothing on its stack is more specific: by the code that ran, or for
 * V8's builtins and native code (no source) by the code that called them.
 */
function leafCategory(frame: CallFrame | undefined, source: string): ProfileCategory {
  if (!frame || source === '') return 'V8 and native, not attributed (program)';
  if (source.startsWith('node:')) return 'Node (http, streams, timers)';
  // Next's own files map to its sources (src/server/…); its code bundled into the app's chunks, to node_modules/next.
  if (frame.url.includes('/node_modules/next/') || source.includes('node_modules/next/')) return 'Next.js server (next/dist)';
  return 'app code and other libraries, outside proxy.ts';
}

const PRIORITY: ProfileCategory[] = ['garbage collection (main thread)', 'V8 and native, not attributed (program)', 'logging (pino)', 'React render', 'proxy.ts (and all it calls)'];

/** A source as a reader knows it: `node:…`, a package's own path, or the app's file. */
function shortSource(source: string): string {
  if (source === '' || source.startsWith('node:')) return source;
  const inPackage = /node_modules\/(.+)$/.exec(source)?.[1];
  if (inPackage) return decodeURIComponent(inPackage);
  return source.startsWith('/') ? basename(source) : source.replace(/^(\.\.\/)+/, '');
}

export function summarise(profile: CpuProfile, window: { fromUs: number; toUs: number }, requests: number, path: string, processCpuMs: number, seconds: number): ProfileSummary {
  const origins = new Origins();
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const categoryOf = new Map<number, ProfileCategory | 'idle'>();
  const sourceOf = new Map<number, string>();
  const source = (node: ProfileNode) => {
    let known = sourceOf.get(node.id);
    if (known === undefined) {
      known = origins.source(node.callFrame);
      sourceOf.set(node.id, known);
    }
    return known;
  };
  const classify = (leafId: number): ProfileCategory | 'idle' => {
    const known = categoryOf.get(leafId);
    if (known) return known;
    const leaf = byId.get(leafId);
    if (!leaf) throw new Error(`profile: no node ${leafId}`);
    let result: ProfileCategory | 'idle';
    if (leaf.callFrame.functionName === '(idle)') result = 'idle';
    else {
      const found = new Set<ProfileCategory>();
      for (let id: number | undefined = leafId; id !== undefined; id = parentOf.get(id)) {
        const node = byId.get(id);
        if (!node) break;
        const category = frameCategory(node.callFrame, source(node));
        if (category) found.add(category);
      }
      let caller: ProfileNode | undefined = leaf;
      while (caller && source(caller) === '' && parentOf.has(caller.id)) caller = byId.get(parentOf.get(caller.id) ?? 0);
      result = PRIORITY.find((category) => found.has(category)) ?? leafCategory(caller?.callFrame, caller ? source(caller) : '');
    }
    categoryOf.set(leafId, result);
    return result;
  };

  const totals = new Map<ProfileCategory, number>(PROFILE_CATEGORIES.map((category) => [category, 0]));
  const ownTime = new Map<number, number>();
  let sampled = 0;
  let time = profile.startTime;
  for (let index = 0; index < profile.samples.length; index += 1) {
    time += profile.timeDeltas[index] ?? 0;
    // A sample stands for the time until the next one.
    const weight = profile.timeDeltas[index + 1] ?? 0;
    if (time < window.fromUs || time > window.toUs) continue;
    const id = profile.samples[index] ?? 0;
    const category = classify(id);
    if (category === 'idle') continue;
    totals.set(category, (totals.get(category) ?? 0) + weight);
    ownTime.set(id, (ownTime.get(id) ?? 0) + weight);
    sampled += weight;
  }

  const perRequest = (microseconds: number) => microseconds / 1000 / requests;
  const byFunction = new Map<string, { name: string; where: string; category: ProfileCategory; us: number }>();
  for (const [id, us] of ownTime) {
    const node = byId.get(id);
    if (!node) continue;
    const where = source(node);
    const name = node.callFrame.functionName || '(anonymous)';
    const key = `${name} ${where}`;
    const entry = byFunction.get(key) ?? { name, where: shortSource(where), category: classify(id) as ProfileCategory, us: 0 };
    entry.us += us;
    byFunction.set(key, entry);
  }
  return {
    path,
    requests,
    seconds,
    processCpuMsPerRequest: processCpuMs / requests,
    sampledMsPerRequest: perRequest(sampled),
    categories: PROFILE_CATEGORIES.map((category) => ({ category, msPerRequest: perRequest(totals.get(category) ?? 0) })),
    topFunctions: [...byFunction.values()]
      .sort((a, b) => b.us - a.us)
      .slice(0, 12)
      .map(({ us, ...rest }) => ({ ...rest, msPerRequest: perRequest(us) })),
  };
}

/**
 * A fresh app process (the standalone server, `app`'s settings) under `--cpu-prof`: warmed up,
 * then loaded with GETs of `path` for `seconds`; the process stops with SIGTERM, on which Next
 * exits and Node writes the profile. Only the samples taken during the load are counted.
 */
export async function profileUnderLoad(app: NodeServerOptions, options: { path: string; seconds: number; connections: number; headers?: Record<string, string> }): Promise<ProfileSummary> {
  const directory = mkdtempSync(join(tmpdir(), 'desk-login-bench-profile-'));
  try {
    const server = await startServer({ ...app, name: 'app under --cpu-prof', nodeArgs: [...(app.nodeArgs ?? []), '--cpu-prof', '--cpu-prof-dir', directory], stopSignal: 'SIGTERM' });
    const url = `${server.origin}${options.path}`;
    let requests = 0;
    let processCpuMs = 0;
    let window = { fromUs: 0, toUs: 0 };
    try {
      await autocannon({ url, headers: options.headers, connections: options.connections, duration: 3 });
      const pid = server.child.pid ?? 0;
      const cpuBefore = cpuMilliseconds(pid);
      // The profile's clock is the monotonic one that process.hrtime reads, in microseconds.
      const fromUs = Number(process.hrtime.bigint() / 1000n);
      const result = await autocannon({ url, headers: options.headers, connections: options.connections, duration: options.seconds });
      window = { fromUs, toUs: Number(process.hrtime.bigint() / 1000n) };
      processCpuMs = cpuMilliseconds(pid) - cpuBefore;
      requests = result['2xx'];
      if (result.errors > 0 || result.timeouts > 0 || requests !== result.requests.total) throw new Error(`profile load: ${result.errors} errors, ${result.timeouts} timeouts, ${result.requests.total - requests} answers other than 2xx`);
    } finally {
      await server.stop();
    }
    const file = readdirSync(directory).find((name) => name.endsWith('.cpuprofile'));
    if (!file) throw new Error('the app wrote no CPU profile on SIGTERM');
    const profile = JSON.parse(readFileSync(join(directory, file), 'utf8')) as CpuProfile;
    return summarise(profile, window, requests, options.path, processCpuMs, options.seconds);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
