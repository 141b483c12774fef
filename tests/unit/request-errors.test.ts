import { Writable } from 'node:stream';
import { onRequestError } from '@/instrumentation';

/** What the server's log says of an error no code of ours caught (instrumentation.ts, onRequestError). */

const mockLogLines: { level: number; msg: string }[] = [];
jest.mock('@/lib/platform/observability/logger', () => {
  const actual = jest.requireActual<typeof import('@/lib/platform/observability/logger')>('@/lib/platform/observability/logger');
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      mockLogLines.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
      done();
    },
  });
  const log = actual.createLogger('debug', destination);
  return { ...actual, logger: () => log };
});

process.env.NEXT_RUNTIME = 'nodejs';

const request = { path: '/login/en', method: 'POST', headers: { 'x-request-id': 'r-12345678' } };
const context = { routerKind: 'App Router', routePath: '/[lang]', routeType: 'render', renderSource: 'react-server-components', revalidateReason: undefined } as const;

/** As Node's HTTP server makes it when the connection closes before the request was read. */
function closedConnection(): Error {
  return Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
}

beforeEach(() => {
  mockLogLines.length = 0;
});

describe('an error no code of ours caught', () => {
  it('is a debug line when the browser closed the connection before the request was read: nothing failed', async () => {
    await onRequestError(closedConnection(), request, context);
    expect(mockLogLines).toEqual([expect.objectContaining({ level: 20, msg: 'request closed by the browser', route: '/[lang]', requestId: 'r-12345678' })]);
  });

  it('is an error line otherwise, an aborted request of another code too (the control)', async () => {
    await onRequestError(new TypeError('x is not a function'), request, context);
    await onRequestError(Object.assign(new Error('aborted'), { code: 'ABORT_ERR' }), request, context);
    expect(mockLogLines.map(({ level, msg }) => ({ level, msg }))).toEqual([
      { level: 50, msg: 'unexpected error' },
      { level: 50, msg: 'unexpected error' },
    ]);
  });
});
