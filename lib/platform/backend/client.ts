import { request as httpRequest, type IncomingHttpHeaders, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { z } from 'zod';
import { currentClientAddress } from '@/lib/platform/request/client-address';
import { getConfig } from '@/lib/platform/settings/config';
import { requestLogger } from '@/lib/platform/observability/logger';
import { observeBackendCall, type BackendOutcome } from '@/lib/platform/observability/metrics';
import { traceHeaders } from '@/lib/platform/observability/tracing';
import { knownErrorCodes, type BackendFailure, type ErrorCode } from './error-catalogue';


/** A backend call that takes longer than this is given up and reported as unavailable. */
export const BACKEND_TIMEOUT_MS = 5_000;

export type BackendResult<T> = { ok: true; value: T } | { ok: false; failure: BackendFailure };

export type BackendRequest = {
  method?: 'GET' | 'POST';
  /**
   * Path below the base URL, with `:name` for each dynamic segment (filled, encoded, from
   * `pathParams`). The template, never the filled path, is what the log shows: an e-mail
   * address or a link's uuid sits in some of these paths.
   */
  path: string;
  pathParams?: Record<string, string>;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: unknown;
  /** Another base than BACKEND_URL, such as an organisation's own API. */
  baseUrl?: string;
  timeoutMs?: number;
};

const errorAnswer = z.object({ code: z.string() });

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function failureFrom(status: number, body: string, retryAfter: string | null): BackendFailure {
  const parsed = errorAnswer.safeParse(parseJson(body));
  if (parsed.success && (knownErrorCodes as readonly string[]).includes(parsed.data.code)) {
    const retryAfterMs = retryAfterMsOf(retryAfter);
    return { kind: 'code', code: parsed.data.code as ErrorCode, status, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) };
  }
  return { kind: 'unknown', status };
}

/** A day: a longer wait, or a date further out, is more likely a mistake than the backend's intent. */
const LONGEST_RETRY_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * `Retry-After` (RFC 9110, 10.2.3): seconds, or an HTTP date. Undefined when absent, malformed or
 * implausible: then nobody can say when, and the person is not told a made-up time.
 */
export function retryAfterMsOf(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  const ms = /^\d+$/.test(text) ? Number(text) * 1000 : /[a-z]/i.test(text) ? Date.parse(text) - now : Number.NaN;
  return Number.isFinite(ms) && ms >= 0 && ms <= LONGEST_RETRY_AFTER_MS ? ms : undefined;
}

function fillPath(template: string, params: Record<string, string> = {}): string {
  return template.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`No value for :${name} in ${template}`);
    return encodeURIComponent(value);
  });
}

/** How a call ended, for the log: kinds and catalogue codes, no value from the request or the answer. */
function outcomeOf(result: BackendResult<unknown>): Record<string, string | number> {
  if (result.ok) return { outcome: 'ok' };
  const { failure } = result;
  if (failure.kind === 'code') return { outcome: 'error-code', errorCode: failure.code, status: failure.status };
  if (failure.kind === 'unknown') return { outcome: 'unknown', ...(failure.status === undefined ? {} : { status: failure.status }) };
  return { outcome: 'unavailable' };
}

function metricOutcomeOf(result: BackendResult<unknown>, reason: Sent<unknown>['reason']): BackendOutcome {
  if (result.ok) return 'ok';
  if (reason === 'timeout') return 'timeout';
  if (reason === 'network') return 'unreachable';
  return result.failure.kind === 'code' ? 'refused' : 'failed';
}

/**
 * Every call is made on behalf of the person whose request is being served, so it carries that
 * person's address (lib/platform/request/client-address.ts) as the only X-Forwarded-For entry: the backend's rate
 * limits and network lookups then see the person, not this app. Without one, none is sent.
 */
export async function callBackend<T>(request: BackendRequest, answer: z.ZodType<T>): Promise<BackendResult<T>> {
  const log = await requestLogger();
  const started = performance.now();
  const { result, reason } = await sendToBackend(request, answer, await currentClientAddress(), traceHeaders(log.bindings().traceId as string));
  const durationMs = performance.now() - started;
  observeBackendCall(request.path, metricOutcomeOf(result, reason), durationMs / 1000);
  // A backend out of reach is the operator's to act on; an answer, even a refusal, is the person's.
  const unreachable = !result.ok && result.failure.kind === 'unavailable';
  log[unreachable ? 'warn' : 'info'](
    {
      backend: request.baseUrl === undefined ? 'product' : 'organisation',
      method: request.method ?? 'GET',
      path: request.path,
      durationMs: Math.round(durationMs),
      ...outcomeOf(result),
      ...(reason ? { reason } : {}),
    },
    'backend call',
  );
  return result;
}

type Sent<T> = { result: BackendResult<T>; reason?: 'timeout' | 'network' | 'wrong-shape' };

async function sendToBackend<T>(
  request: BackendRequest,
  answer: z.ZodType<T>,
  clientAddress: string | undefined,
  trace: Record<string, string>,
): Promise<Sent<T>> {
  const url = new URL(`${request.baseUrl ?? getConfig().backendUrl}${fillPath(request.path, request.pathParams)}`);
  for (const [name, value] of Object.entries(request.query ?? {})) url.searchParams.set(name, value);

  let response: Answer;
  try {
    response = await exchange(url, {
      method: request.method ?? 'GET',
      headers: {
        accept: 'application/json',
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...request.headers,
        ...trace,
        ...(clientAddress === undefined ? {} : { 'x-forwarded-for': clientAddress }),
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      timeoutMs: request.timeoutMs ?? BACKEND_TIMEOUT_MS,
    });
  } catch (error) {
    // The error's own message names the URL, which may hold an address: only its kind is kept.
    return { result: { ok: false, failure: { kind: 'unavailable' } }, reason: error instanceof BackendTimeout ? 'timeout' : 'network' };
  }

  // A redirect is never followed: it would carry the person's address and tokens elsewhere.
  if (response.status >= 300) return { result: { ok: false, failure: failureFrom(response.status, response.body, response.retryAfter) } };

  const parsed = answer.safeParse(parseJson(response.body));
  return parsed.success
    ? { result: { ok: true, value: parsed.data } }
    : { result: { ok: false, failure: { kind: 'unknown', status: response.status } }, reason: 'wrong-shape' };
}

type Answer = { status: number; retryAfter: string | null; body: string };

class BackendTimeout extends Error {}

function headerText(value: IncomingHttpHeaders[string]): string | null {
  return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
}

/**
 * One exchange on Node's own HTTP client and its keep-alive agents: `fetch` cost more CPU per call
 * (docs/decisions.md, The backend). The timeout covers the whole exchange, the answer's body too.
 */
function exchange(url: URL, sent: { method: string; headers: Record<string, string>; body?: string; timeoutMs: number }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : url.protocol === 'http:' ? httpRequest : undefined;
    if (!send) return reject(new Error('Neither http nor https'));
    const signal = AbortSignal.timeout(sent.timeoutMs);
    signal.addEventListener('abort', () => reject(new BackendTimeout()), { once: true });
    const headers = sent.body === undefined ? sent.headers : { ...sent.headers, 'content-length': String(Buffer.byteLength(sent.body)) };
    const options: RequestOptions = { method: sent.method, headers, signal };
    const outgoing = send(url, options, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('error', reject);
      incoming.on('end', () =>
        resolve({ status: incoming.statusCode ?? 0, retryAfter: headerText(incoming.headers['retry-after']), body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end(sent.body);
  });
}

/** A sub-domain from any answer must be one DNS label, or nothing is redirected to it. */
export const subDomainSchema = z
  .string()
  .regex(/^(?!-)[a-z0-9-]{1,63}(?<!-)$/i)
  .transform((label) => label.toLowerCase());
