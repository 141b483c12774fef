import { z } from 'zod';
import { getConfig } from '@/lib/config';
import { knownErrorCodes, type ErrorCode } from './error-catalogue';

/** A backend call that takes longer than this is given up and reported as unavailable. */
export const BACKEND_TIMEOUT_MS = 5_000;

/**
 * What went wrong with a backend call (contracts.md section 3): a code from the catalogue,
 * anything else the backend said ("unknown"), or no usable answer at all ("unavailable").
 */
export type BackendFailure =
  | { kind: 'code'; code: ErrorCode; status: number }
  | { kind: 'unknown'; status?: number }
  | { kind: 'unavailable' };

export type BackendResult<T> = { ok: true; value: T } | { ok: false; failure: BackendFailure };

export type BackendRequest = {
  method?: 'GET' | 'POST';
  /** Path below the base URL; dynamic segments must already be encoded. */
  path: string;
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

function failureFrom(status: number, body: string): BackendFailure {
  const parsed = errorAnswer.safeParse(parseJson(body));
  if (parsed.success && (knownErrorCodes as readonly string[]).includes(parsed.data.code)) {
    return { kind: 'code', code: parsed.data.code as ErrorCode, status };
  }
  return { kind: 'unknown', status };
}

export async function callBackend<T>(request: BackendRequest, answer: z.ZodType<T>): Promise<BackendResult<T>> {
  const url = new URL(`${request.baseUrl ?? getConfig().backendUrl}${request.path}`);
  for (const [name, value] of Object.entries(request.query ?? {})) url.searchParams.set(name, value);

  let response: Response;
  let body: string;
  try {
    response = await fetch(url, {
      method: request.method ?? 'GET',
      headers: {
        accept: 'application/json',
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...request.headers,
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      cache: 'no-store',
      redirect: 'error',
      signal: AbortSignal.timeout(request.timeoutMs ?? BACKEND_TIMEOUT_MS),
    });
    body = await response.text();
  } catch {
    return { ok: false, failure: { kind: 'unavailable' } };
  }

  if (response.status >= 400) return { ok: false, failure: failureFrom(response.status, body) };

  const parsed = answer.safeParse(parseJson(body));
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, failure: { kind: 'unknown', status: response.status } };
}

/** A sub-domain from any answer must be one DNS label, or nothing is redirected to it. */
export const subDomainSchema = z
  .string()
  .regex(/^(?!-)[a-z0-9-]{1,63}(?<!-)$/i)
  .transform((label) => label.toLowerCase());
