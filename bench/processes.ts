import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { get as httpsGet } from 'node:https';

/** A server the benchmark starts on its own port, and the CPU time its process tree spends. */
export type Server = { name: string; origin: string; child: ChildProcess; stop(): Promise<void> };

export type ServerOptions = {
  name: string;
  port: number;
  cwd?: string;
  args?: string[];
  env?: Record<string, string>;
  /** A path on the server that answers 200 once it is ready. */
  readyPath: string;
  /** An HTTPS server (the identity provider), whose certificate this authority (PEM) signed. */
  https?: { ca: string };
  /** How the server is asked to stop: SIGKILL unless it must finish something (a profile, its workers). */
  stopSignal?: NodeJS.Signals;
} & (
  | { /** A Node script, run by this Node with `nodeArgs` before it. */ script: string; nodeArgs?: string[] }
  | { /** Another program (nginx), run with `args` as it is. */ executable: string }
);

/** Starts the server's process; it is not ready yet. */
/** A server that is a Node script, started with `nodeArgs`. */
export type NodeServerOptions = Extract<ServerOptions, { script: string }>;

export function spawnServer(options: ServerOptions): ChildProcess {
  const [file, args] =
    'executable' in options
      ? [options.executable, options.args ?? []]
      : [process.execPath, [...(options.nodeArgs ?? []), '--disable-warning=MODULE_TYPELESS_PACKAGE_JSON', options.script, ...(options.args ?? [])]];
  return spawn(file, args, {
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', HOSTNAME: '127.0.0.1', PORT: String(options.port), ...options.env },
    // Request logs would cost the server a write per request; only failures are shown.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** The status of a GET, or 0 when nothing answered. */
export async function statusOf(url: string, ca?: string): Promise<number> {
  if (url.startsWith('https:')) {
    return new Promise((resolve) => {
      const request = httpsGet(url, { ca }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', () => resolve(0));
    });
  }
  return fetch(url, { redirect: 'manual' }).then(
    async (response) => {
      await response.arrayBuffer();
      return response.status;
    },
    () => 0,
  );
}

export async function startServer(options: ServerOptions): Promise<Server> {
  const origin = `${options.https ? 'https' : 'http'}://127.0.0.1:${options.port}`;
  const child = spawnServer(options);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Generous: on a shared machine under load, a server may take a minute to start.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${options.name} exited with ${child.exitCode} before it was ready`);
    const status = await statusOf(`${origin}${options.readyPath}`, options.https?.ca);
    if (status === 200) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${options.name} not ready at ${origin}${options.readyPath} (last status ${status})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    name: options.name,
    origin,
    child,
    async stop() {
      // SIGKILL by default: the benchmark has no requests in flight worth finishing.
      if (child.exitCode === null && child.signalCode === null) child.kill(options.stopSignal ?? 'SIGKILL');
      await exited;
    },
  };
}

const CLOCK_TICKS_PER_SECOND = 100;

function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may contain spaces.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** The processes `pid` started (nginx's worker under its master). */
export function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((candidate) => statFields(candidate)?.[1] === String(pid));
}

/** utime + stime of a process and its descendants, in milliseconds (from /proc/<pid>/stat). */
export function cpuMilliseconds(pid: number): number {
  const fields = statFields(pid);
  if (!fields) return 0;
  // After the command name: field 14 (utime) and 15 (stime) of proc(5) are indexes 11 and 12 here.
  const ticks = Number(fields[11]) + Number(fields[12]);
  const own = (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
  return own + childrenOf(pid).reduce((sum, child) => sum + cpuMilliseconds(child), 0);
}

/** A process's resident memory and its peak, in bytes (VmRSS and VmHWM of /proc/<pid>/status). */
export function residentMemory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rss: kilobytes('VmRSS') * 1024, peak: kilobytes('VmHWM') * 1024 };
}

/**
 * The same CPU time as `cpuMilliseconds`, to the nanosecond: the time on a CPU of each thread
 * (/proc/<pid>/task/<tid>/schedstat), which utime + stime are scaled to but read only in 10 ms
 * ticks. For windows of a few seconds of a nearly idle process, where a tick is most of it.
 */
export function preciseCpuMilliseconds(pid: number): number {
  let nanoseconds = 0;
  let threads: string[];
  try {
    threads = readdirSync(`/proc/${pid}/task`);
  } catch {
    return 0;
  }
  for (const thread of threads) {
    try {
      nanoseconds += Number(readFileSync(`/proc/${pid}/task/${thread}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return nanoseconds / 1e6 + childrenOf(pid).reduce((sum, child) => sum + preciseCpuMilliseconds(child), 0);
}
