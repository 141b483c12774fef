import { microsoft } from '@/lib/sso/providers/microsoft';
import { returnRoute } from '@/lib/sso/sign-in';

/** The return address registered with the provider. */
export const GET = returnRoute(microsoft);
