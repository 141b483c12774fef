// What `npm run dev` prints of its children (dev/run.ts): the app's JSON log lines as short
// readable ones, each start-up warning once, and nothing that looks like an address or a
// credential. Production keeps its JSON lines; this runs only in the development terminal.

import type { DevPorts } from './ports.ts';

const LEVEL_NAMES: Record<number, string> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

const EMAIL_ADDRESS = /[^\s@"'<>()[\]=&?/]+(?:@|%40)[^\s@"'<>()[\]&/]+\.[A-Za-z]{2,}/gi;
// The query parameters of sign-in links and provider returns that carry a credential or an address.
const CREDENTIAL_PARAMETER = /([?&](?:email|uuid|signature|code|state|token|id_token|login_hint|inviteToken|autoAddToken)=)[^&\s#]+/gi;

/** Masks addresses and credential-bearing query values: the last line of defence, not the first. */
export function maskSecrets(text: string): string {
  return text.replace(CREDENTIAL_PARAMETER, '$1…').replace(EMAIL_ADDRESS, '[email]');
}

function formatValue(value: unknown): string {
  if (typeof value === 'string') return /[\s"=]/.test(value) ? JSON.stringify(value) : value;
  return String(value);
}

/** `key=value` pairs; nested objects as `key.sub=value`, so that no line is a JSON object. */
function fields(record: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(record).flatMap(([key, value]) => {
    if (value === undefined) return [];
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) return fields(value as Record<string, unknown>, `${prefix}${key}.`);
    if (Array.isArray(value)) return [`${prefix}${key}=${value.map(formatValue).join(',')}`];
    return [`${prefix}${key}=${formatValue(value)}`];
  });
}

type PinoLine = { level: number; msg?: string } & Record<string, unknown>;

function parsePinoLine(line: string): PinoLine | undefined {
  if (!line.startsWith('{')) return undefined;
  try {
    const parsed: unknown = JSON.parse(line);
    if (parsed && typeof parsed === 'object' && typeof (parsed as PinoLine).level === 'number') return parsed as PinoLine;
  } catch {
    // Not a log line of ours: shown as it came.
  }
  return undefined;
}

/** One pino line as `INFO message key=value …`, with an error's stack below it, indented. */
export function formatPinoLine(entry: PinoLine): string {
  const { level, msg, time: _time, requestId, traceId, startup: _startup, error, ...rest } = entry;
  const head = [LEVEL_NAMES[level] ?? `level${level}`, msg ?? ''];
  // Eight characters tell the lines of one request apart; the whole id is in production's log.
  if (typeof requestId === 'string') head.push(`req=${requestId.slice(0, 8)}`);
  // Without an exporter the trace id is the request id again (lib/platform/observability/tracing.ts): shown once.
  const sameAsRequestId = typeof requestId === 'string' && traceId === requestId.replaceAll('-', '').toLowerCase();
  if (traceId !== undefined && !sameAsRequestId) head.push(...fields({ traceId }));
  const { stack, ...errorFields } = error && typeof error === 'object' ? (error as { stack?: unknown }) : { stack: undefined };
  const text = [...head, ...fields(rest), ...fields(error && typeof error === 'object' ? { error: errorFields } : error === undefined ? {} : { error })].join(' ');
  const stackLines = typeof stack === 'string' ? stack.split('\n').slice(1).map((frame) => `    ${frame.trim()}`) : [];
  return [text, ...stackLines].join('\n');
}

export type TerminalLineOptions = {
  /** Where a person opens the app: the gateway, which `next dev`'s own "Local:" line would bypass. */
  loginUrl: string;
};

/**
 * A filter for one child's output lines: the text to print (possibly several lines), or
 * undefined to print nothing. It remembers the start-up warnings it has printed: Next may load
 * the start-up code more than once, and each load would say them again.
 */
export function terminalLineFilter({ loginUrl }: TerminalLineOptions): (line: string) => string | undefined {
  const warned = new Set<string>();
  return (line) => {
    const entry = parsePinoLine(line);
    if (entry) {
      if (entry.startup === true && typeof entry.msg === 'string') {
        if (warned.has(entry.msg)) return undefined;
        warned.add(entry.msg);
      }
      return maskSecrets(formatPinoLine(entry));
    }
    const nextAddress = /^(\s*- Local:\s+)http:\/\/\S+$/.exec(line);
    if (nextAddress) return `${nextAddress[1]}${loginUrl} (through the gateway)`;
    if (/^\s*- Network:\s/.test(line)) return undefined;
    return maskSecrets(line);
  };
}

// A browser that closes its connection before next dev has read the request's body: next dev
// prints the reset as an error, and again as an uncaught exception from each of its handlers
// (Next's router-server.js). Nothing failed: these blocks are dropped, and only these.
const CLOSED_CONNECTION_HEAD = /^(?:⨯ )?(?:uncaughtException:\s+)?\[?Error: aborted\]?/;
const CLOSED_CONNECTION_CODE = /^\s*code: 'ECONNRESET',?$/m;
const HELD_LINES_AT_MOST = 40;

/**
 * The filter, for one stream, without next dev's report of a closed connection: a block that
 * starts like one is held until its closing brace, then dropped if its code says so, else
 * printed whole. One per stream, so that a line of the other stream cannot cut a block.
 */
export function withoutClosedConnections(filterLine: (line: string) => string | undefined): (line: string) => string | undefined {
  let held: string[] | undefined;
  const printed = (texts: (string | undefined)[]) => texts.filter((text) => text !== undefined).join('\n') || undefined;

  function filter(line: string): string | undefined {
    if (held) {
      const block = held;
      if (/^\s/.test(line) && block.length < HELD_LINES_AT_MOST) {
        block.push(line);
        return undefined;
      }
      held = undefined;
      if (line.startsWith('}')) {
        block.push(line);
        return CLOSED_CONNECTION_CODE.test(block.join('\n')) ? undefined : printed(block.map(filterLine));
      }
      return printed([...block.map(filterLine), filter(line)]);
    }
    if (CLOSED_CONNECTION_HEAD.test(line)) {
      if (!/\{ code: 'ECONNRESET' \}$/.test(line)) held = [line];
      return undefined;
    }
    return filterLine(line);
  }
  return filter;
}

export type StartupLineOptions = {
  /** The gateway's origin, where a browser opens the login and the mailbox. */
  loginOrigin: string;
  ports: DevPorts;
  identityProviderOrigin: string;
  /** What the app is given as SSO_REDIRECT_ALLOWLIST: the redirect_uri values an app may start a sign-in with. */
  ssoRedirectAllowlist: string;
};

/** What `npm run dev` prints before its children speak: where to go, and every port it holds. */
export function startupLines({ loginOrigin, ports, identityProviderOrigin, ssoRedirectAllowlist }: StartupLineOptions): string[] {
  const admitted = ssoRedirectAllowlist.split(',').map((entry) => entry.trim()).filter(Boolean);
  const { gateway, backend, app, idp, idpGeneric, metrics } = ports;
  return [
    `Login: ${loginOrigin}/login`,
    `Mailbox: ${loginOrigin}/mailbox (sent e-mails, and links to try: bookings, invitations, the sample app)`,
    admitted.length > 0
      ? `Sample app: redirect_uri ${admitted.join(', ')} is admitted (SSO_REDIRECT_ALLOWLIST); its sign-ins start from the mailbox's links to try`
      : 'Sample app: SSO_REDIRECT_ALLOWLIST is empty, so every redirect_uri ends on error=redirect-not-allowed',
    `Ports: ${gateway.name} ${gateway.port}, ${backend.name} ${backend.port}, ${app.name} ${app.port} (next dev), ${idp.name} ${idp.port}, ${idpGeneric.name} ${idpGeneric.port}, ${metrics.name} ${metrics.port} (http://127.0.0.1:${metrics.port}/metrics)`,
    `Identity provider: ${identityProviderOrigin} for the app's server; browsers reach its pages over http on the same port, without a certificate warning`,
    'Warm-up: every route is asked for once in the background now, so that next dev has compiled it before your first visit; "warm │ … routes compiled" says when (README, Two commands).',
  ];
}

/** What `npm run dev` prints when the warm-up (dev/warm-up.ts) has asked for every route. */
export function warmedUpLine({ routes, seconds }: { routes: number; seconds: number }): string {
  return `${routes} routes compiled in ${seconds} s: a first visit no longer waits for the compiler`;
}
