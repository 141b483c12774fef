import { z } from 'zod';
import { providerIds, type ProviderId } from '@/lib/vocabulary/providers';

/**
 * The ways to sign in on the login page: e-mail, or one of the single sign-on providers. The one
 * this browser used last is offered first and marked (issue 15, item 12): only the method is
 * remembered, never who signed in.
 */
export const signInMethod = z.enum(['email', ...providerIds]);
export type SignInMethod = z.infer<typeof signInMethod>;

/**
 * The login page's order: e-mail, then the offered providers in the registry's order, unless an
 * offered provider was used last. A provider the deployment does not offer is never shown.
 */
export function loginPageOrder(lastUsed: SignInMethod | undefined, offered: readonly ProviderId[]): { emailFirst: boolean; providers: ProviderId[] } {
  const shown = providerIds.filter((provider) => offered.includes(provider));
  const usedProvider = shown.find((provider) => provider === lastUsed);
  if (!usedProvider) return { emailFirst: true, providers: shown };
  return { emailFirst: false, providers: [usedProvider, ...shown.filter((provider) => provider !== usedProvider)] };
}
