import { z } from 'zod';
import type { SsoProvider } from '@/lib/sso/providers';

/**
 * The ways to sign in on the login page. The one this browser used last is offered first and
 * marked (issue 15, item 12): only the method is remembered, never who signed in.
 */
export const signInMethod = z.enum(['email', 'google', 'microsoft']);
export type SignInMethod = z.infer<typeof signInMethod>;

const providers: readonly SsoProvider[] = ['google', 'microsoft'];

/** The login page's order: e-mail, then Google and Microsoft, unless a provider was used last. */
export function loginPageOrder(lastUsed: SignInMethod | undefined): { emailFirst: boolean; providers: SsoProvider[] } {
  const usedProvider = providers.find((provider) => provider === lastUsed);
  if (!usedProvider) return { emailFirst: true, providers: [...providers] };
  return { emailFirst: false, providers: [usedProvider, ...providers.filter((provider) => provider !== usedProvider)] };
}
