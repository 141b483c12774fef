import { traceHeaders, traceIdFor } from '@/lib/platform/observability/tracing';

describe('the trace of a request when no traces are exported', () => {
  it('is the request id itself when it has the form of a trace id: nginx\'s $request_id, or the app\'s own UUID', () => {
    expect(traceIdFor('0af7651916cd43dd8448eb211c80319c')).toBe('0af7651916cd43dd8448eb211c80319c');
    expect(traceIdFor('4BF92F35-77B3-4DA6-A3CE-929D0E0E4736')).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
  });

  it('is a digest of any other id a proxy may send, and never the invalid all-zero id', () => {
    const other = traceIdFor('lb-7:req.123456');
    expect(other).toMatch(/^[0-9a-f]{32}$/);
    expect(traceIdFor('lb-7:req.123456')).toBe(other);
    expect(traceIdFor('lb-7:req.123457')).not.toBe(other);
    expect(traceIdFor('0'.repeat(32))).not.toBe('0'.repeat(32));
  });

  it('goes to each backend call as a W3C traceparent: the same trace, a span of the call\'s own, not sampled', () => {
    const first = traceHeaders('0af7651916cd43dd8448eb211c80319c');
    const second = traceHeaders('0af7651916cd43dd8448eb211c80319c');
    expect(first.traceparent).toMatch(/^00-0af7651916cd43dd8448eb211c80319c-[0-9a-f]{16}-00$/);
    expect(second.traceparent?.slice(0, 36)).toBe(first.traceparent?.slice(0, 36));
    expect(second.traceparent).not.toBe(first.traceparent);
  });
});
