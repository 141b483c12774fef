import { z } from 'zod';
import { sealedCookie } from '@/lib/platform/cookies';

/** A new user's sign-up under way: the address and the backend's token to create the account with. */
const signUpState = z.object({ email: z.string(), autoAddToken: z.string(), deviceId: z.string() });
export type SignUpState = z.infer<typeof signUpState>;
export const { read: readSignUp, write: writeSignUp } = sealedCookie('signUp', 'sign-up', signUpState);
