import { google } from '@/lib/sso/providers/google';
import { returnRoute } from '@/lib/sso/sign-in';

/** The return address registered with the provider. */
export const GET = returnRoute(google);
