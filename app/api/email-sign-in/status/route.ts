import { checkEmailSignIn, emailSignInNews, HOLD_PARAMETER } from '@/lib/flows/email-sign-in/wait';

/**
 * Asked by the mail-sent view; completes the hand-off once the link has been opened. Held while
 * nothing changes when the view asks for that (`?hold=1`); anyone else is answered at once.
 */
export async function GET(request: Request) {
  const held = new URL(request.url).searchParams.get(HOLD_PARAMETER) === '1';
  return Response.json(held ? await emailSignInNews(request.signal) : await checkEmailSignIn(), { headers: { 'cache-control': 'no-store' } });
}
