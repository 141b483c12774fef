import { google } from '@/lib/sso/providers/google';
import { startRoute } from '@/lib/sso/sign-in';

export const GET = startRoute(google);
