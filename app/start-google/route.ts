import type { NextRequest } from 'next/server';
import { startSignIn } from '@/lib/sso/sign-in';

export function GET(request: NextRequest) {
  return startSignIn('google', request);
}
