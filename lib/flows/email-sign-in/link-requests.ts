import { headers } from 'next/headers';
import { z } from 'zod';
import { EMAIL_SIGN_IN_LIFETIME_SECONDS } from '@/lib/platform/cookies';
import { preferredLanguage, type Language } from '@/lib/platform/i18n/routing';
import { chosenLanguageOf, languageSchema } from '@/lib/platform/pages/language-routing';
import { browserNames, deviceFamily, systemNames } from '@/lib/platform/request/user-agent';
import { seal, unseal } from '@/lib/platform/sealed';
import { sharedNotes } from '@/lib/platform/shared-store/notes';
import { sharedLimit } from '@/lib/platform/shared-store/store';

/**
 * The links asked for, as the page that confirms one may tell of them, the links whose holder
 * declined them and those a page confirmed: kept in the shared store for the fleet, by the link's id.
 */

/** A link's id, as the backend's verifyUser names it (a UUID): bounded wherever a client sends one back. */
export const linkId = z.string().min(1).max(128);

/**
 * When and from what kind of device a link was asked for, for the page that confirms it: the
 * person who holds the link can tell whether it was them. Never an address, network or name.
 */
const linkRequest = z.object({
  askedAt: z.number(),
  device: z.object({ browser: z.enum(Object.keys(browserNames) as [keyof typeof browserNames]).optional(), system: z.enum(Object.keys(systemNames) as [keyof typeof systemNames]).optional() }),
  /** The language it was asked in, when the person chose it (`deliberateLanguage`): the link's page speaks it in any browser that chose none. */
  language: languageSchema.optional(),
});
export type LinkRequest = z.infer<typeof linkRequest>;
const linkRequests = sharedNotes('link_requests', EMAIL_SIGN_IN_LIFETIME_SECONDS + 60);

export async function linkRequestOf(uuid: string): Promise<LinkRequest | undefined> {
  const note = await linkRequests.read(uuid);
  if (note === undefined) return undefined;
  try {
    return linkRequest.parse(JSON.parse(note));
  } catch {
    return undefined;
  }
}

/** Notes when, from what kind of device and in which language the link was asked for (startWaitingForLink). */
export async function noteLinkRequest(uuid: string, askedAt: number, pageLanguage: Language | undefined): Promise<void> {
  const headerList = await headers();
  const language = deliberateLanguage(pageLanguage, headerList);
  await linkRequests.write(uuid, JSON.stringify({ askedAt, device: deviceFamily(headerList), ...(language ? { language } : {}) } satisfies LinkRequest));
}

/**
 * The page's language when it was the person's, not only their browser's: chosen with a language
 * link, or another than the browser's Accept-Language gives. Otherwise the link's page follows the
 * language of whichever browser opens it, as before.
 */
export function deliberateLanguage(pageLanguage: Language | undefined, headerList: Headers): Language | undefined {
  if (!pageLanguage) return undefined;
  return chosenLanguageOf(headerList) === pageLanguage || preferredLanguage(headerList.get('accept-language')) !== pageLanguage ? pageLanguage : undefined;
}

/** The language a link was asked for in, for its page in a browser that chose none (proxy.ts). */
export async function languageOfLinkRequest(uuid: string): Promise<Language | undefined> {
  const parsed = linkId.safeParse(uuid);
  return parsed.success ? (await linkRequestOf(parsed.data))?.language : undefined;
}

/**
 * Links whose holder said "I did not ask for this", for the whole fleet: no code is shown or taken
 * for them, and the wait of the browser that asked ends. Without Redis, per process.
 */
const declinedLinks = sharedLimit('declined_links', { points: 1, durationSeconds: EMAIL_SIGN_IN_LIFETIME_SECONDS + 60, whenUnreachable: 'replayed' });

/**
 * What "I did not ask for this" posts: sealed by the page that showed the link, so that a decline
 * counts only for that link, never for an id the post names, and only while the link lives.
 */
const declineTicket = z.object({ uuid: linkId });

export async function declineTicketFor(uuid: string): Promise<string> {
  return await seal('link-decline', { uuid }, EMAIL_SIGN_IN_LIFETIME_SECONDS);
}

/**
 * Declines the link the ticket was sealed for: `declined` the first time in the fleet (the shared
 * counter's own answer, so a ticket replayed at any instance is told apart; per instance only while
 * Redis does not answer), `declined-before` after that; undefined when the ticket is not one.
 */
export async function declineLinkOfTicket(ticket: unknown): Promise<'declined' | 'declined-before' | undefined> {
  if (typeof ticket !== 'string' || ticket.length > DECLINE_TICKET_MAX_LENGTH) return undefined;
  const link = await unseal('link-decline', ticket, declineTicket);
  if (!link) return undefined;
  return (await declinedLinks.spend(link.uuid)).spent > 1 ? 'declined-before' : 'declined';
}

/** Far above a sealed uuid's few hundred characters: nothing longer is even opened. */
const DECLINE_TICKET_MAX_LENGTH = 1_024;

export async function isLinkDeclined(uuid: string): Promise<boolean> {
  return (await declinedLinks.spent(uuid)) > 0;
}

/**
 * Links a page of theirs has asked the backend to confirm, in any browser: the news a held status
 * request looks for in the shared store, without asking the backend. It says "ask again", never
 * what the answer is. Without Redis, per process: a look at another instance misses it, and the
 * wait learns at its next request, which asks the backend as every one does.
 */
const confirmedLinks = sharedLimit('confirmed_links', { points: 1, durationSeconds: EMAIL_SIGN_IN_LIFETIME_SECONDS + 60, whenUnreachable: 'per-process' });

export async function noteLinkConfirmed(uuid: string): Promise<void> {
  await confirmedLinks.spend(uuid);
}

export async function isLinkConfirmed(uuid: string): Promise<boolean> {
  return (await confirmedLinks.spent(uuid)) > 0;
}
