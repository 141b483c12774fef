import { z } from 'zod';
import { callBackend, subDomainSchema, type BackendResult } from './client';
import { addressForBackend } from '@/lib/vocabulary/email-address';
import type { ProviderSource } from '@/lib/vocabulary/providers';

const AUTH = '/api/v1/flw/auth';

export type VerifyUserAnswer = { next: 'linkSent'; uuid: string } | { next: 'signUp'; autoAddToken: string };

const verifyUserAnswer = z.union([
  z.object({ autoAddToken: z.string().min(1) }).transform((a): VerifyUserAnswer => ({ next: 'signUp', autoAddToken: a.autoAddToken })),
  z.object({ uuid: z.string().min(1) }).transform((a): VerifyUserAnswer => ({ next: 'linkSent', uuid: a.uuid })),
]);

/** Sends a sign-in link to a known address, or offers sign-up to a new one. */
export function verifyUser(email: string, deviceId: string): Promise<BackendResult<VerifyUserAnswer>> {
  return callBackend(
    { path: `${AUTH}/:email/verifyUser`, pathParams: { email: addressForBackend(email) }, query: { source: 'web', deviceId } },
    verifyUserAnswer,
  );
}

export type LinkConfirmation = { confirmed: false } | { confirmed: true; subDomain: string; authToken: string };

const isValidIdAnswer = z.union([
  z.object({ subDomain: subDomainSchema, authToken: z.string().min(1) }).transform((a): LinkConfirmation => ({ confirmed: true, ...a })),
  // Until the link is opened the backend answers without a token (or 404, handled below).
  z.object({ authToken: z.undefined().optional() }).transform((): LinkConfirmation => ({ confirmed: false })),
]);

/** Whether the link sent for `uuid` has been opened yet, and if so where the user signs in. */
export async function isValidId(uuid: string, deviceId: string): Promise<BackendResult<LinkConfirmation>> {
  const result = await callBackend(
    { path: `${AUTH}/:uuid/isValidId/`, pathParams: { uuid }, query: { deviceId } },
    isValidIdAnswer,
  );
  if (!result.ok && result.failure.kind !== 'unavailable' && result.failure.status === 404) {
    return { ok: true, value: { confirmed: false } };
  }
  return result;
}

export type DeviceSignIn = { subDomain: string; accessToken: string };

/** A device that signed in before may be signed in again by its id alone. */
export function isValidDeviceId(deviceId: string, timeoutMs?: number): Promise<BackendResult<DeviceSignIn>> {
  return callBackend(
    { path: `${AUTH}/isValidDeviceId`, headers: { deviceId }, timeoutMs },
    z.object({ subDomain: subDomainSchema, accessToken: z.string().min(1) }),
  );
}

export function createUser(
  account: { email: string; displayName: string },
  autoAddToken: string,
  deviceId: string,
): Promise<BackendResult<{ uuid: string }>> {
  return callBackend(
    { method: 'POST', path: `${AUTH}/createUser`, headers: { 'add-user-token': autoAddToken, deviceId }, body: { ...account, email: addressForBackend(account.email) } },
    z.object({ uuid: z.string().min(1) }),
  );
}

/**
 * Completes an invitation: the link's forwarded fields (lib/flows/invitation.ts), then the address and
 * the chosen name, which no forwarded field overwrites. The device id goes in the header this app chose.
 */
export function addUser(
  invitation: { email: string; forwarded: Record<string, string> },
  name: string,
  deviceId: string,
): Promise<BackendResult<unknown>> {
  const body = { ...invitation.forwarded, email: addressForBackend(invitation.email), name };
  return callBackend({ method: 'POST', path: `${AUTH}/addUser`, headers: { deviceId }, body }, z.unknown());
}

export const linkCheckFields = ['email', 'uuid', 'signature', 'timestamp', 'domain', 'userName', 'displayName'] as const;
export type LinkCheck = Record<(typeof linkCheckFields)[number], string>;

export function isValidLink(link: LinkCheck): Promise<BackendResult<boolean>> {
  return callBackend({ path: `${AUTH}/isValidLink`, query: link }, z.boolean());
}

/** The longest organisation name the picker shows on a button. */
export const ORGANISATION_NAME_MAX_LENGTH = 100;

/**
 * An organisation of ssoLogin's answer. The backend may send its `name` beside the sub-domain: a
 * name longer than the limit, blank, or holding a control or direction character is dropped, and
 * the picker shows the organisation's host instead; the sign-in goes on either way.
 */
export const offeredOrganisationSchema = z.object({
  subDomain: subDomainSchema,
  token: z.string().min(1),
  name: z
    .string()
    .trim()
    .min(1)
    .max(ORGANISATION_NAME_MAX_LENGTH)
    .regex(/^\P{C}*$/u)
    .optional()
    .catch(undefined),
});
export type OfferedOrganisation = z.infer<typeof offeredOrganisationSchema>;

export type SsoSignIn =
  | { kind: 'organisations'; organisations: OfferedOrganisation[] }
  | { kind: 'controlCentre'; token: string; role: string };

const ssoLoginAnswer = z.union([
  z
    .array(offeredOrganisationSchema)
    .min(1)
    .transform((organisations): SsoSignIn => ({ kind: 'organisations', organisations })),
  z
    .object({ token: z.string().min(1), role: z.string() })
    .transform((a): SsoSignIn => ({ kind: 'controlCentre', ...a })),
]);

/** Exchanges a verified ID token for the organisations (or, for `jwt`, the control-centre token). */
export function ssoLogin(request: {
  source: ProviderSource;
  idToken: string;
  deviceId: string;
  longLived: boolean;
}): Promise<BackendResult<SsoSignIn>> {
  return callBackend(
    {
      method: 'POST',
      path: `${AUTH}/ssoLogin`,
      headers: request.longLived ? { 'long-lived-token': 'true' } : {},
      body: {
        platform: request.longLived ? 'cc' : 'web',
        source: request.source,
        deviceId: request.deviceId,
        token: request.idToken,
        bundle: '',
      },
    },
    ssoLoginAnswer,
  );
}
