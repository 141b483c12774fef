import { z } from 'zod';
import { sealedCookie } from '@/lib/cookies';
import { providerIdSchema } from '@/lib/sso/providers';

/** What a single sign-on keeps between the start route and the provider's return. */
const ssoFlowState = z.object({
  provider: providerIdSchema,
  state: z.string(),
  nonce: z.string(),
  codeVerifier: z.string(),
  redirectUri: z.string(),
  language: z.string(),
  tokenType: z.string().optional(),
  appRedirectUri: z.string().optional(),
  deviceId: z.string(),
});
export type SsoFlowState = z.infer<typeof ssoFlowState>;
export const { read: readSsoFlow, write: writeSsoFlow } = sealedCookie('ssoFlow', 'sso-flow', ssoFlowState);

/** The organisations to choose from after a single sign-on: kept out of the URL. */
const ssoOrganisationsState = z.object({
  provider: providerIdSchema,
  organisations: z.array(z.object({ subDomain: z.string(), token: z.string() })).min(1),
  appRedirectUri: z.string().optional(),
  deviceId: z.string(),
});
export type SsoOrganisationsState = z.infer<typeof ssoOrganisationsState>;
export const { read: readSsoOrganisations, write: writeSsoOrganisations } = sealedCookie('ssoOrganisations', 'sso-organisations', ssoOrganisationsState);
