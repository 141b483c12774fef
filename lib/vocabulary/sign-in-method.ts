import { z } from 'zod';
import { providerIds, type ProviderId } from '@/lib/vocabulary/providers';

/**
 * The ways to sign in on the login page: e-mail, or one of the single sign-on providers. The one
 * this browser used last is offered first and marked (issue 15, item 12): only the method is
 * remembered, never who signed in.
 */
export const signInMethod = z.enum(['email', ...providerIds]);
export type SignInMethod = z.infer<typeof signInMethod>;

/** The login page's order: e-mail, then the providers in the registry's order, unless a provider was used last. */
export function loginPageOrder(lastUsed: SignInMethod | undefined): { emailFirst: boolean; providers: ProviderId[] } {
  const usedProvider = providerIds.find((provider) => provider === lastUsed);
  if (!usedProvider) return { emailFirst: true, providers: [...providerIds] };
  return { emailFirst: false, providers: [usedProvider, ...providerIds.filter((provider) => provider !== usedProvider)] };
}
