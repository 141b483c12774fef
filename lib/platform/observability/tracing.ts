import { createHash, randomBytes } from 'node:crypto';
import { context, propagation, trace } from '@opentelemetry/api';

/**
 * OpenTelemetry traces (deploy/README.md, Traces). Every request has a trace id: its backend
 * calls carry it in `traceparent`, and its log lines as `traceId`, so one sign-in can be followed
 * across this app and the backend. With OTEL_EXPORTER_OTLP_TRACES_ENDPOINT set, a tracer provider
 * records Next.js's spans of each request and exports them, and the trace is theirs. Without it
 * no provider is registered (one that records nothing still cost 6% of the login page's CPU):
 * the trace id is then the request's own id (nginx's `$request_id`), so nginx's access log, the
 * app's lines and the backend's share one id.
 */

export type TracingSettings = { endpoint: string | undefined; serviceName: string };

// Next may load instrumentation.ts twice in one process (two bundles): one provider all the same.
const STARTED = Symbol.for('desk-login:tracing');

/** With an endpoint: registers the provider, the context manager and the W3C propagator, once per process. */
export async function startTracing(settings: TracingSettings): Promise<void> {
  if (!settings.endpoint || STARTED in globalThis) return;
  Object.defineProperty(globalThis, STARTED, { value: true });
  const [{ AsyncLocalStorageContextManager }, { W3CTraceContextPropagator }, { resourceFromAttributes }, sdk, { OTLPTraceExporter }] = await Promise.all([
    import('@opentelemetry/context-async-hooks'),
    import('@opentelemetry/core'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/exporter-trace-otlp-http'),
  ]);
  const provider = new sdk.TracerProvider({
    resource: resourceFromAttributes({ 'service.name': settings.serviceName }),
    sampler: new sdk.AlwaysOnSampler(),
    spanProcessors: [new sdk.BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url: settings.endpoint }) })],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
}

function activeSpanContext() {
  const spanContext = trace.getSpan(context.active())?.spanContext();
  return spanContext && trace.isSpanContextValid(spanContext) ? spanContext : undefined;
}

/**
 * The trace id of the request with this id: the recorded span's when traces are exported, else
 * the request id itself where it has the form of one (32 hex digits, a UUID's without its dashes),
 * else a digest of it.
 */
export function traceIdFor(requestId: string): string {
  const active = activeSpanContext();
  if (active) return active.traceId;
  const hex = requestId.replaceAll('-', '').toLowerCase();
  return /^[0-9a-f]{32}$/.test(hex) && /[^0]/.test(hex) ? hex : createHash('sha256').update(requestId).digest('hex').slice(0, 32);
}

/** `traceparent` (and `tracestate`) for a call the request with this trace id makes: a span of its own in that trace. */
export function traceHeaders(traceId: string): Record<string, string> {
  const headers: Record<string, string> = {};
  if (activeSpanContext()) propagation.inject(context.active(), headers);
  else headers.traceparent = `00-${traceId}-${randomBytes(8).toString('hex')}-00`;
  return headers;
}
