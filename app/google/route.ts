import type { NextRequest } from 'next/server';
import { completeSignIn } from '@/lib/sso/sign-in';

/** The return address registered with the provider. */
export function GET(request: NextRequest) {
  return completeSignIn('google', request);
}
