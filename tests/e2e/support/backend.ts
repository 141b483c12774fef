import { expect, type APIRequestContext } from '@playwright/test';
import { BACKEND_ORIGIN } from './environment.ts';

/** The development backend's test hooks: the mailbox and the calls it received. */

export type BackendCall = {
  method: string;
  path: string;
  queryKeys: string[];
  query: Record<string, string>;
  headers: Record<string, boolean>;
  deviceId?: string;
  forwardedFor?: string;
  traceparent?: string;
  body?: Record<string, unknown>;
};

export async function latestSignInLink(request: APIRequestContext, email: string, backendOrigin = BACKEND_ORIGIN): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const response = await request.get(`${backendOrigin}/mailbox/latest?to=${encodeURIComponent(email)}`);
      if (!response.ok()) return '';
      link = ((await response.json()) as { link: string }).link;
      return link;
    }, { message: `a sign-in link mailed to ${email}` })
    .not.toBe('');
  return link;
}

export async function backendCalls(request: APIRequestContext, backendOrigin = BACKEND_ORIGIN): Promise<BackendCall[]> {
  const response = await request.get(`${backendOrigin}/__dev/calls`);
  return (await response.json()) as BackendCall[];
}

/** A unique address at a seeded organisation that nobody uses yet: it leads to sign-up. */
export function newColleague(domain = 'acme.test'): string {
  return `new.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@${domain}`;
}

/** A unique address for an invitation to a seeded organisation (the invitation's token decides the answer). */
export function invitedAddress(): string {
  return `invited.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@acme.test`;
}

/** A unique sub-address of a seeded user, so that parallel tests each have their own mailbox. */
export function uniqueAddress(seeded: string): string {
  const [local, domain] = seeded.split('@');
  return `${local}+${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@${domain}`;
}
