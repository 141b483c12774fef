import { microsoft } from '@/lib/vocabulary/providers';
import { startRoute } from '@/lib/flows/sso/sign-in';

export const GET = startRoute(microsoft);
