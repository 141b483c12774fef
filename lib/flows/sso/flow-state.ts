import { z } from 'zod';
import { offeredOrganisationSchema } from '@/lib/platform/backend/auth';
import { sealedCookie } from '@/lib/platform/cookies';
import { codeChallengeSchema, type AppRedirect } from '@/lib/flows/sso/app-code';
import { providerIdSchema } from '@/lib/vocabulary/providers';

/** The app a sign-in goes to instead of the organisation, and its PKCE challenge if it sent one (lib/flows/sso/app-code.ts). */
const appRedirectState = { appRedirectUri: z.string().optional(), appCodeChallenge: codeChallengeSchema.optional() };

/**
 * When the start route was asked, by this server's clock: the time to sign in is measured from it
 * (lib/platform/sign-in-funnel.ts). Optional only for flows sealed before it was kept.
 */
const startedAtState = { startedAt: z.number().optional() };

/** What a single sign-on keeps between the start route and the provider's return. */
const ssoFlowState = z.object({
  provider: providerIdSchema,
  state: z.string(),
  nonce: z.string(),
  codeVerifier: z.string(),
  redirectUri: z.string(),
  language: z.string(),
  tokenType: z.string().optional(),
  ...appRedirectState,
  deviceId: z.string(),
  ...startedAtState,
});
export type SsoFlowState = z.infer<typeof ssoFlowState>;
export const { read: readSsoFlow, write: writeSsoFlow } = sealedCookie('ssoFlow', 'sso-flow', ssoFlowState);

/** The organisations to choose from after a single sign-on: kept out of the URL. */
const ssoOrganisationsState = z.object({
  provider: providerIdSchema,
  organisations: z.array(offeredOrganisationSchema).min(1),
  ...appRedirectState,
  // Whose sign-in it is, for the page that asks before opening an app (lib/flows/sso/app-hand-off.ts).
  account: z.string().optional(),
  deviceId: z.string(),
  ...startedAtState,
});
export type SsoOrganisationsState = z.infer<typeof ssoOrganisationsState>;
export const { read: readSsoOrganisations, write: writeSsoOrganisations } = sealedCookie('ssoOrganisations', 'sso-organisations', ssoOrganisationsState);

/**
 * Written over the list once an organisation was chosen, for the rest of the cookie's life: Back
 * to the picker then finds a finished sign-in, not an interrupted one. It holds no organisation
 * and no token, and under a key of its own it never reads as a list, so nothing can be chosen again.
 */
export const { read: readSsoOrganisationChosen, write: writeSsoOrganisationChosen } = sealedCookie(
  'ssoOrganisations',
  'sso-organisation-chosen',
  z.object({ provider: providerIdSchema }),
);

/** The app of a flow's state, if the sign-in goes to one. */
export function appRedirectOf(state: Pick<SsoFlowState, 'appRedirectUri' | 'appCodeChallenge'>): AppRedirect | undefined {
  return state.appRedirectUri ? { uri: state.appRedirectUri, codeChallenge: state.appCodeChallenge } : undefined;
}
