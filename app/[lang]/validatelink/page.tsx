import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { setRequestLocale } from 'next-intl/server';
import { linkPageMetadata, LinkPageScreen } from '@/components/email-sign-in/link-page-screen';
import { declineTicketFor, isLinkDeclined } from '@/lib/flows/email-sign-in/link-requests';
import { linkAddressShown, linkPageAsksFirst, linkPagePermalink, linkVerdictBeforeCheck, signInLinkQuery } from '@/lib/flows/email-sign-in/opened-link';
import { emailSignInOfPage } from '@/lib/flows/email-sign-in/wait';
import { redirectToPage } from '@/lib/platform/request/page-redirect';
import { LANGUAGE_CHOICE_PARAMETER, VIEW_QUERY_HEADER } from '@/lib/platform/pages/language-routing';
import { receivedCookies } from '@/lib/platform/request/context';
import { firstValues, type LanguagePageProps, type PageSearchParams } from '@/lib/platform/request/search-params';

/** Whether the page asks first (linkPageAsksFirst), for this request's browser. */
async function asksFirst(query: PageSearchParams, uuid: string): Promise<boolean> {
  return linkPageAsksFirst(uuid, { waitingFor: (await emailSignInOfPage())?.uuid, languageChosen: query[LANGUAGE_CHOICE_PARAMETER] !== undefined });
}

export async function generateMetadata({ params, searchParams }: LanguagePageProps): Promise<Metadata> {
  const query = await searchParams;
  const link = signInLinkQuery.safeParse(firstValues(query));
  return await linkPageMetadata(!link.success || (await asksFirst(query, link.data.uuid)), params);
}

/**
 * `/validatelink?email=…&uuid=…&signature=…&timestamp=…`: an e-mailed sign-in link, opened. A
 * browser's load is filled from the screen's template (lib/flows/email-sign-in/link-page-template.ts);
 * rendered here for everything else, and after a form posted without script.
 */
export default async function ValidateLinkPage({ params, searchParams }: LanguagePageProps) {
  const { lang } = await params;
  setRequestLocale(lang);
  const query = await searchParams;
  const link = signInLinkQuery.safeParse(firstValues(query));
  if (!link.success) return await redirectToPage('/invalid', lang);
  // Said at once where this browser can tell; otherwise only the backend can, after the page has loaded.
  const verdict = await linkVerdictBeforeCheck(await receivedCookies(), link.data);
  if (verdict) return await redirectToPage(`/invalid/${verdict}`, lang);
  if (await isLinkDeclined(link.data.uuid)) return await redirectToPage('/validatelink/declined', lang);
  // Nothing here tells who asked for the link, and when: the id in this address may come without
  // its signature, which only the backend can check. The confirming action says it after that check.
  return (
    <LinkPageScreen
      language={lang}
      askFirst={await asksFirst(query, link.data.uuid)}
      email={linkAddressShown(link.data.email)}
      permalink={linkPagePermalink(lang, (await headers()).get(VIEW_QUERY_HEADER) ?? '')}
      declineTicket={await declineTicketFor(link.data.uuid)}
    />
  );
}
