import { randomUUID } from 'node:crypto';
import pino, { type DestinationStream, type Level, type Logger } from 'pino';
import { getConfig } from '@/lib/platform/settings/config';
import { requestIdFrom } from '@/lib/platform/observability/request-id';
import { traceIdFor } from '@/lib/platform/observability/tracing';

/**
 * One JSON line per event on stdout, each with the `requestId` of the request it belongs to.
 * What a person typed and every secret (addresses, tokens, codes, cookies) stays out: callers
 * log kinds, outcomes and path templates, never values. The redaction below is only the second
 * line of defence, for a field of a secret's name that slips through anyway.
 */

const SECRET_FIELDS = [
  'authorization',
  'cookie',
  'cookies',
  'set-cookie',
  'token',
  'idToken',
  'authToken',
  'accessToken',
  'autoAddToken',
  'code',
  'state',
  'nonce',
  'codeVerifier',
  'email',
  'uuid',
  'signature',
  'deviceId',
  'password',
  'secret',
];

/** Each secret field at the top, one and two levels down (e.g. `headers.cookie` inside `request`). */
export const redactedPaths = SECRET_FIELDS.map((name) => `["${name}"]`).flatMap((key) => [key, `*${key}`, `*.*${key}`]);

export function createLogger(level: Level | 'silent', destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: redactedPaths, censor: '[redacted]' },
    },
    destination,
  );
}

let root: Logger | undefined;

/** The process's logger, for lines that belong to no request (start-up, shutdown). */
export function logger(): Logger {
  root ??= createLogger(getConfig().logLevel);
  return root;
}

/**
 * For a failure that must be told even when the settings cannot be read (the logger needs them):
 * through the logger where it can, else as one JSON line of the same shape on stderr.
 */
export function logFailure(fields: Record<string, unknown>, message: string): void {
  try {
    logger().error(fields, message);
  } catch {
    process.stderr.write(`${JSON.stringify({ level: 50, time: new Date().toISOString(), ...fields, msg: message })}\n`);
  }
}

/** What ties a log line to its request: the request id, and its trace id (lib/platform/observability/tracing.ts), which its backend calls carry too. */
export function requestFields(requestId: string): { requestId: string; traceId: string } {
  return { requestId, traceId: traceIdFor(requestId) };
}

// Keyed by the request's header list, so that a request without an id still logs one id throughout
// (proxy.ts itself sees the id only if nginx sent one; pages, actions and handlers always do).
const loggersOfRequests = new WeakMap<object, Logger>();

/** A logger whose lines carry the current request's id (server components, actions, route handlers, proxy). */
export async function requestLogger(): Promise<Logger> {
  // Loaded on first use: start-up (instrumentation.ts) logs before Next's request storage exists.
  const [{ headers }, { unstable_rethrow }] = await Promise.all([import('next/headers'), import('next/navigation')]);
  let headerList: Awaited<ReturnType<typeof headers>>;
  try {
    headerList = await headers();
  } catch (error) {
    // Next's own signals (e.g. "this page is dynamic") must go on; outside a request there is no id.
    unstable_rethrow(error);
    return logger().child(requestFields(randomUUID()));
  }
  let log = loggersOfRequests.get(headerList);
  if (!log) {
    log = logger().child(requestFields(requestIdFrom(headerList)));
    loggersOfRequests.set(headerList, log);
  }
  return log;
}

const EMAIL_ADDRESS = /[^\s@"'<>()[\]]+@[^\s@"'<>()[\]]+\.[A-Za-z]{2,}/g;
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
// A JWT, or a random-looking run (base64url with upper, lower and digits, or long hex).
const TOKEN_LIKE = /\b(?:[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}|(?=[A-Za-z0-9_-]*[A-Z])(?=[A-Za-z0-9_-]*[a-z])(?=[A-Za-z0-9_-]*[0-9])[A-Za-z0-9_-]{20,}|[0-9a-f]{32,})\b/g;

/** Masks anything in a free text (an error's message or stack) that looks like an address or a token. */
export function scrubSecrets(text: string): string {
  return text.replace(EMAIL_ADDRESS, '[email]').replace(UUID, '[uuid]').replace(TOKEN_LIKE, '[token]');
}

/** An unexpected error as a log field: its class, and message and stack with anything secret-looking masked. */
export function describeError(error: unknown): { kind: string; message?: string; stack?: string; digest?: string } {
  if (!(error instanceof Error)) return { kind: typeof error };
  const digest = (error as { digest?: unknown }).digest;
  return {
    kind: error.name,
    message: scrubSecrets(error.message),
    stack: error.stack === undefined ? undefined : scrubSecrets(error.stack),
    ...(typeof digest === 'string' ? { digest } : {}),
  };
}

// Codes that libraries attach to errors (jose's ERR_JWT_EXPIRED, MSAL's invalid_grant): names, never values.
const SAFE_ERROR_CODE = /^[A-Za-z_]{1,64}$/;

/** An expected failure as log fields: the error's class and its library code, nothing of its message. */
export function errorKind(error: unknown): { errorKind: string; errorCode?: string } {
  if (!(error instanceof Error)) return { errorKind: typeof error };
  const { code, errorCode } = error as { code?: unknown; errorCode?: unknown };
  const libraryCode = [errorCode, code].find((value): value is string => typeof value === 'string' && SAFE_ERROR_CODE.test(value));
  return { errorKind: error.name, ...(libraryCode ? { errorCode: libraryCode } : {}) };
}
