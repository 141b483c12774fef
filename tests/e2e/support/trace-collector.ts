import { createServer } from 'node:http';

/**
 * Stands in for an OpenTelemetry collector: takes OTLP/HTTP exports in JSON, as the app's
 * exporter sends them (lib/platform/observability/tracing.ts), and keeps which traces and services they named.
 */
export type TraceCollector = { traceIds(): string[]; serviceNames(): string[]; stop(): Promise<void> };

type Export = {
  resourceSpans?: {
    resource?: { attributes?: { key: string; value: { stringValue?: string } }[] };
    scopeSpans?: { spans?: { traceId: string }[] }[];
  }[];
};

export async function startTraceCollector(port: number): Promise<TraceCollector> {
  const traceIds = new Set<string>();
  const serviceNames = new Set<string>();
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/traces' || !request.headers['content-type']?.startsWith('application/json')) {
        response.writeHead(415).end();
        return;
      }
      for (const resourceSpans of (JSON.parse(body) as Export).resourceSpans ?? []) {
        const service = resourceSpans.resource?.attributes?.find((attribute) => attribute.key === 'service.name')?.value.stringValue;
        if (service) serviceNames.add(service);
        for (const scope of resourceSpans.scopeSpans ?? []) for (const span of scope.spans ?? []) traceIds.add(span.traceId);
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    traceIds: () => [...traceIds],
    serviceNames: () => [...serviceNames],
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
