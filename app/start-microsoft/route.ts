import { microsoft } from '@/lib/sso/providers/microsoft';
import { startRoute } from '@/lib/sso/sign-in';

export const GET = startRoute(microsoft);
