import { context, propagation, trace } from '@opentelemetry/api';

/**
 * OpenTelemetry traces (deploy/README.md, Traces). Next.js opens a span for every request once a
 * tracer provider is registered; the backend calls carry its `traceparent`, and every log line
 * its trace id, so one sign-in can be followed across this app and the backend. Spans are
 * recorded and exported only when OTEL_EXPORTER_OTLP_TRACES_ENDPOINT is set; without it they
 * cost next to nothing, and their ids still tie the logs and the backend's together.
 */

export type TracingSettings = { endpoint: string | undefined; serviceName: string };

// Next may load instrumentation.ts twice in one process (two bundles): one provider all the same.
const STARTED = Symbol.for('desk-login:tracing');

/** Registers the provider, the context manager and the W3C propagator, once per process. */
export async function startTracing(settings: TracingSettings): Promise<void> {
  if (STARTED in globalThis) return;
  Object.defineProperty(globalThis, STARTED, { value: true });
  const [{ AsyncLocalStorageContextManager }, { W3CTraceContextPropagator }, { resourceFromAttributes }, sdk] = await Promise.all([
    import('@opentelemetry/context-async-hooks'),
    import('@opentelemetry/core'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/sdk-trace'),
  ]);
  const spanProcessors = [];
  if (settings.endpoint) {
    const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
    spanProcessors.push(new sdk.BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url: settings.endpoint }) }));
  }
  const provider = new sdk.TracerProvider({
    resource: resourceFromAttributes({ 'service.name': settings.serviceName }),
    sampler: settings.endpoint ? new sdk.AlwaysOnSampler() : new sdk.AlwaysOffSampler(),
    spanProcessors,
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
}

/** `traceparent` (and `tracestate`) of the request being served, for a call it makes; empty outside one. */
export function traceHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  propagation.inject(context.active(), headers);
  return headers;
}

/** The trace id of the request being served, for its log lines. */
export function currentTraceId(): string | undefined {
  const spanContext = trace.getSpan(context.active())?.spanContext();
  return spanContext && trace.isSpanContextValid(spanContext) ? spanContext.traceId : undefined;
}
