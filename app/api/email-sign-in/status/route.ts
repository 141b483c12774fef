import { checkEmailSignIn } from '@/lib/flows/email-sign-in/wait';

/** Polled by the mail-sent view; completes the hand-off once the link has been opened. */
export async function GET() {
  return Response.json(await checkEmailSignIn(), { headers: { 'cache-control': 'no-store' } });
}
