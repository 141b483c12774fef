import { z } from 'zod';
import { readCookie, type ReceivedCookies } from '@/lib/cookies';
import { providerIds, type ProviderId } from '@/lib/sso/providers';

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

/**
 * The method this browser signed in with last, or nothing. Plain text, not sealed: it is no
 * secret, and anything but one of the method names reads as nothing, so a value planted on this
 * host (the `__Host-` prefix keeps sibling hosts out) can at most reorder the login page.
 */
export function readLastSignInMethod(received: ReceivedCookies): SignInMethod | undefined {
  const parsed = signInMethod.safeParse(readCookie(received, 'lastSignInMethod'));
  return parsed.success ? parsed.data : undefined;
}
