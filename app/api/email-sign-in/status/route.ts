import { z } from 'zod';
import { checkEmailSignIn, emailSignInNews, HELD_STATES, HOLD_PARAMETER } from '@/lib/flows/email-sign-in/wait';

const heldState = z.enum(HELD_STATES);

/**
 * Asked by the mail-sent view; completes the hand-off once the link has been opened. Held while
 * the answer is what the view says it shows (`?hold=pending`, `?hold=code-needed`); anyone else
 * is answered at once.
 */
export async function GET(request: Request) {
  const shown = heldState.safeParse(new URL(request.url).searchParams.get(HOLD_PARAMETER));
  return Response.json(shown.success ? await emailSignInNews(request.signal, shown.data) : await checkEmailSignIn(), { headers: { 'cache-control': 'no-store' } });
}
