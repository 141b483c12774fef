// Where the login page's largest contentful paint goes, beside its own markup as plain HTML
// (issue 50): Lighthouse (mobile, applied throttling) through the bench's nginx front, the live
// page and copies of its document served as files with the site's security headers, alternately,
// round after round:
// - app: the page as the app answers it;
// - plain: its plain HTML (bench/plain-html.ts);
// - app-as-file: the app's document as a file (the same bytes without the server's time);
// - chunks-at-end: that document with the framework's script tags moved from the head to the end
//   of the body;
// - inline-only: that document without the script tags, the inline payload kept;
// - plain-without-headers, app-as-file-without-headers: plain and app-as-file sent without the
//   security headers (among them the Cross-Origin-Opener-Policy, which moves the tab to a process
//   of its own: docs/decisions.md, First paint against plain HTML).
// With TRACES=1, the first round's traces go to reports/trace-<variant>-0.json, and a timeline of
// each (the document's arrival, the parser, scripts, layouts and paints) is printed.
// node bench/first-paint-trace.ts [rounds] [path]   (after npm run build; BENCH_PORT_OFFSET moves
// the ports, VARIANTS=plain,app-as-file picks variants)
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/support/environment.ts';
import { PLAIN_HTML_PATH, PLAIN_HTML_WITHOUT_HEADERS_PATH, startCompressingFront } from './nginx.ts';
import { plainHtml } from './plain-html.ts';
import { startServer, type Server } from './processes.ts';
import { SERVER_NODE_FLAGS } from '../deploy/server-node-flags.ts';

const OFFSET = Number(process.env.BENCH_PORT_OFFSET ?? 0);
const ROUNDS = Number(process.argv[2] ?? 3);
const PAGE = process.argv[3] ?? '/login/en?from=web';
const DOMAIN = 'desk.localhost';

type TraceData = {
  url?: string;
  requestId?: string;
  priority?: string;
  encodedDataLength?: number;
  isLoadingMainFrame?: boolean;
  documentLoaderURL?: string;
  type?: string;
  size?: number;
  nodeId?: number;
};
type TraceEvent = {
  name: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: TraceData; beginData?: { startLine?: number; url?: string }; endData?: { endLine?: number } };
};

function analyse(events: TraceEvent[]): string[] {
  const navigation = events.find((event) => event.name === 'navigationStart' && event.args?.data?.isLoadingMainFrame && event.args?.data?.documentLoaderURL);
  if (!navigation) return ['no navigationStart'];
  const start = navigation.ts;
  const at = (ts: number) => `${((ts - start) / 1000).toFixed(0).padStart(5)} ms`;
  // The renderer's main thread of the page loaded (not of the blank page before it).
  const firstParse = events.find((event) => event.name === 'ParseHTML' && event.args?.beginData?.url === navigation.args?.data?.documentLoaderURL);
  const onMainThread = (event: TraceEvent) => event.pid === firstParse?.pid && event.tid === firstParse.tid;
  const lcp = events.filter((event) => event.name === 'largestContentfulPaint::Candidate' && event.ts >= start).at(-1);
  const fcp = events.find((event) => event.name === 'firstContentfulPaint' && event.ts >= start);
  const end = (lcp?.ts ?? start) + 100_000;
  const lines: string[] = [];
  const requests = new Map<string, string>();
  for (const event of events) {
    if (event.ts < start || event.ts > end) continue;
    const data = event.args?.data;
    if (event.name === 'ResourceSendRequest' && data) {
      requests.set(data.requestId ?? '', String(data.url).replace(/^https?:\/\/[^/]+/, ''));
      lines.push(`${at(event.ts)} request ${requests.get(data.requestId ?? '')} (${data.priority})`);
    } else if (event.name === 'ResourceFinish') lines.push(`${at(event.ts)} finished ${requests.get(data?.requestId ?? '')} (${data?.encodedDataLength} B)`);
    else if (onMainThread(event) && (event.dur ?? 0) >= 1000 && ['ParseHTML', 'EvaluateScript', 'v8.compile', 'FunctionCall', 'UpdateLayoutTree', 'Layout', 'Paint', 'PrePaint', 'RunMicrotasks', 'v8.run', 'TimerFire', 'ParseAuthorStyleSheet'].includes(event.name)) {
      const detail = event.name === 'ParseHTML' ? ` lines ${event.args?.beginData?.startLine}-${event.args?.endData?.endLine}` : data?.url ? ` ${String(data.url).replace(/^https?:\/\/[^/]+/, '')}` : '';
      lines.push(`${at(event.ts)} ${event.name}${detail} ${(event.dur! / 1000).toFixed(1)} ms`);
    } else if (onMainThread(event) && event.name === 'RunTask' && (event.dur ?? 0) >= 10_000) lines.push(`${at(event.ts)} task ${(event.dur! / 1000).toFixed(1)} ms`);
  }
  if (fcp) lines.push(`${at(fcp.ts)} FCP`);
  if (lcp) lines.push(`${at(lcp.ts)} LCP candidate ${lcp.args?.data?.type} size ${lcp.args?.data?.size} node ${lcp.args?.data?.nodeId}`);
  return lines.sort();
}

const scratch = mkdtempSync(join(tmpdir(), 'desk-login-trace-'));
const servers: Server[] = [];
try {
  const backend = await startServer({
    name: 'development backend',
    script: 'dev/backend/server.ts',
    port: 6013 + OFFSET,
    env: { DEV_BACKEND_PORT: String(6013 + OFFSET), DEV_APP_DOMAIN: DOMAIN, LOGIN_LINK_ORIGIN: `http://web.${DOMAIN}:${6020 + OFFSET}` },
    readyPath: '/__dev/fault',
  });
  servers.push(backend);
  const app = await startServer({
    name: 'app',
    script: '.next/standalone/server.js',
    nodeArgs: [...SERVER_NODE_FLAGS],
    port: 6010 + OFFSET,
    env: {
      NEXT_TELEMETRY_DISABLED: '1',
      BACKEND_URL: backend.origin,
      APP_DOMAINS: DOMAIN,
      SESSION_SECRET: 'benchmark-secret-of-at-least-32-characters',
      GOOGLE_CLIENT_ID: 'bench-google-client',
      GOOGLE_CLIENT_SECRET: 'bench-google-secret',
      MICROSOFT_CLIENT_ID: 'bench-microsoft-client',
      MICROSOFT_CLIENT_SECRET: 'bench-microsoft-secret',
      METRICS_PORT: String(6110 + OFFSET),
    },
    readyPath: '/login/api/health',
  });
  servers.push(app);
  const front = await startCompressingFront({ port: 6020 + OFFSET, upstreamPort: 6010 + OFFSET, readyPath: '/login/api/health' });
  servers.push(front);
  const origin = `http://web.${DOMAIN}:${6020 + OFFSET}`;
  const rendered = await (await fetch(`http://127.0.0.1:${6020 + OFFSET}${PAGE}`, { headers: { host: `web.${DOMAIN}:${6020 + OFFSET}`, 'x-forwarded-proto': 'http' } })).text();
  if (!rendered.includes('<html')) throw new Error(rendered.slice(0, 300));
  writeFileSync(join(scratch, 'page.html'), rendered);
  writeFileSync(join(front.plainDirectory, 'page.html'), plainHtml(rendered));
  const scriptTags = /<script\b[^>]*\bsrc="[^"]*"[^>]*><\/script>|<link\b[^>]*\bas="script"[^>]*>/gi;
  const variants: Record<string, string> = {
    // The app's document served as a file: the server's time taken out.
    'app-as-file': rendered,
    // The framework's chunks not in the head but at the end of the body, after the markup.
    'chunks-at-end': rendered.replace(scriptTags, '').replace('</body>', `${(rendered.match(scriptTags) ?? []).filter((tag) => tag.startsWith('<script')).join('')}</body>`),
    // No chunk at all, the inline payload kept.
    'inline-only': rendered.replace(scriptTags, ''),
  };
  // BEFORE_HTML=<file>: another build's document of the same page, served as a file beside them.
  if (process.env.BEFORE_HTML) variants['before-as-file'] = readFileSync(process.env.BEFORE_HTML, 'utf8');
  for (const [name, html] of Object.entries(variants)) writeFileSync(join(front.plainDirectory, `${name}.html`), html);
  const only = process.env.VARIANTS?.split(',');
  const everyTarget = {
    app: `${origin}${PAGE}`,
    plain: `${origin}${PLAIN_HTML_PATH}/page.html`,
    ...Object.fromEntries(Object.keys(variants).map((name) => [name, `${origin}${PLAIN_HTML_PATH}/${name}.html`])),
    'plain-without-headers': `${origin}${PLAIN_HTML_WITHOUT_HEADERS_PATH}/page.html`,
    'app-as-file-without-headers': `${origin}${PLAIN_HTML_WITHOUT_HEADERS_PATH}/app-as-file.html`,
  };
  const targets = Object.fromEntries(Object.entries(everyTarget).filter(([name]) => !only || only.includes(name)));
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS.filter((flag) => !flag.startsWith('--host-resolver-rules'))] });
  const flags: Flags = { output: 'json', logLevel: 'error', onlyCategories: ['performance'], throttlingMethod: (process.env.THROTTLING as Flags['throttlingMethod']) ?? 'devtools', port: chrome.port };
  const summary: Record<string, number[]> = Object.fromEntries(Object.keys(targets).map((name) => [name, []]));
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [name, url] of Object.entries(targets)) {
        const result = await lighthouse(url, { ...flags, extraHeaders: { 'x-forwarded-proto': 'http' } });
        if (!result) throw new Error('no result');
        const { audits } = result.lhr;
        const lcp = audits['largest-contentful-paint']?.numericValue ?? Number.NaN;
        summary[name]!.push(Math.round(lcp));
        console.log(`\n=== round ${round + 1} ${name}: LCP ${lcp.toFixed(0)} ms, FCP ${audits['first-contentful-paint']?.numericValue?.toFixed(0)} ms`);
        const breakdown = audits['lcp-breakdown-insight']?.details as { items?: { type: string; items?: { label?: string; subpart?: string; duration?: number }[] }[] } | undefined;
        for (const table of breakdown?.items ?? []) {
          if (table.type === 'table') console.log('  breakdown:', (table.items ?? []).map((item) => `${item.subpart ?? item.label} ${Math.round(item.duration ?? 0)} ms`).join(', '));
          if (table.type === 'node') console.log('  element:', JSON.stringify(table).slice(0, 300));
        }
        const element = JSON.stringify(audits['largest-contentful-paint-element']?.details ?? {}).match(/"snippet":"([^"]{0,160})/)?.[1];
        console.log('  LCP element:', element);
        if (process.env.TRACES && round === 0) {
          const trace = (result.artifacts as unknown as { Trace?: { traceEvents: TraceEvent[] } }).Trace;
          if (trace) {
            writeFileSync(join('reports', `trace-${name}-${round}.json`), JSON.stringify(trace));
            for (const line of analyse(trace.traceEvents)) console.log(`  ${line}`);
          }
        }
      }
    }
  } finally {
    await chrome.kill();
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  for (const [name, values] of Object.entries(summary)) console.log(`${name.padEnd(14)} ${median(values)} ms (${values.join(', ')}) ratio to plain ${(median(values) / median(summary.plain ?? values)).toFixed(3)}`);
} finally {
  await Promise.all(servers.map((server) => server.stop()));
  rmSync(scratch, { recursive: true, force: true });
}
