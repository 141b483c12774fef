import { microsoft } from '@/lib/vocabulary/providers';
import { returnRoute } from '@/lib/flows/sso/sign-in';

/** The return address registered with the provider. */
export const GET = returnRoute(microsoft);
