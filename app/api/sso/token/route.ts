import type { NextRequest } from 'next/server';
import { z } from 'zod';
import { requestLogger } from '@/lib/platform/observability/logger';
import { SharedStateUnavailable } from '@/lib/platform/shared-store/store';
import { redeemAppCode } from '@/lib/flows/sso/app-code';

/**
 * Where an app redeems the one-time code a sign-in sent to its `redirect_uri` (lib/flows/sso/app-code.ts),
 * with the `code_verifier` of the challenge it started with: form-encoded as an OAuth token request,
 * or JSON. Answers `{token, subDomain}` once; anything else is `invalid_grant`, saying nothing of why,
 * but for a store that cannot tell whether the code was redeemed: `temporarily_unavailable`, to retry.
 */

/** Seconds an app waits before it tries again: the store recovers within a second once Redis does. */
const RETRY_AFTER_SECONDS = 2;

const redemption = z.object({ code: z.string().min(1).max(4096), code_verifier: z.string().min(1).max(128) });

const noStore = { 'cache-control': 'no-store', pragma: 'no-cache' };

async function postedFields(request: NextRequest): Promise<unknown> {
  try {
    if (request.headers.get('content-type')?.startsWith('application/json')) return await request.json();
    return Object.fromEntries(new URLSearchParams(await request.text()));
  } catch {
    return undefined;
  }
}

export async function POST(request: NextRequest) {
  const log = await requestLogger();
  const fields = redemption.safeParse(await postedFields(request));
  if (!fields.success) {
    log.info({ outcome: 'invalid-request' }, 'app code redeemed');
    return Response.json({ error: 'invalid_request' }, { status: 400, headers: noStore });
  }
  let signIn: Awaited<ReturnType<typeof redeemAppCode>>;
  try {
    signIn = await redeemAppCode(fields.data.code, fields.data.code_verifier);
  } catch (error) {
    if (!(error instanceof SharedStateUnavailable)) throw error;
    log.warn({ outcome: 'unavailable' }, 'app code redeemed');
    return Response.json({ error: 'temporarily_unavailable' }, { status: 503, headers: { ...noStore, 'retry-after': String(RETRY_AFTER_SECONDS) } });
  }
  log.info({ outcome: signIn ? 'redeemed' : 'refused' }, 'app code redeemed');
  if (!signIn) return Response.json({ error: 'invalid_grant' }, { status: 400, headers: noStore });
  return Response.json(signIn, { headers: noStore });
}
