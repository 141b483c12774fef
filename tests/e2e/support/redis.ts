import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';

/**
 * A real Redis for the fleet (Debian's redis-server): on loopback, in memory only, stopped and
 * started again by the spec that needs an outage.
 */
export type RedisServer = { url: string; stop(): Promise<void>; start(): Promise<void> };

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => socket.end('PING\r\n'));
    socket.once('data', (data) => resolve(data.toString().startsWith('+PONG')));
    socket.once('error', () => resolve(false));
  });
}

export async function startRedis(port: number): Promise<RedisServer> {
  let server: ChildProcess | undefined;
  async function start(): Promise<void> {
    server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    for (let attempt = 0; !(await answers(port)); attempt++) {
      if (attempt > 100) throw new Error(`redis-server did not answer on ${port}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  async function stop(): Promise<void> {
    const running = server;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    await new Promise((resolve) => {
      running.once('exit', resolve);
      running.kill('SIGKILL');
    });
  }
  await start();
  return { url: `redis://127.0.0.1:${port}`, stop, start };
}
