import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { setRequestLocale } from 'next-intl/server';
import { linkPageMetadata, LinkPageScreen } from '@/components/email-sign-in/link-page-screen';
import { declineTicketFor, isLinkDeclined } from '@/lib/flows/email-sign-in/link-requests';
import { linkPagePermalink, linkVerdictBeforeCheck, signInLinkQuery } from '@/lib/flows/email-sign-in/opened-link';
import { emailSignInOfPage } from '@/lib/flows/email-sign-in/wait';
import { redirectToPage } from '@/lib/platform/request/page-redirect';
import { LANGUAGE_CHOICE_PARAMETER, VIEW_QUERY_HEADER } from '@/lib/platform/pages/language-routing';
import { receivedCookies } from '@/lib/platform/request/context';
import { firstValues, type LanguagePageProps, type PageSearchParams } from '@/lib/platform/request/search-params';
import { isValidEmail } from '@/lib/vocabulary/validation';

/**
 * Asks first unless this browser is the one that asked for the link (it holds the e-mail sign-in
 * for its uuid) and has not come by a language link, which it follows only after it was here in
 * the other language already.
 */
async function asksFirst(query: PageSearchParams, uuid: string): Promise<boolean> {
  return query[LANGUAGE_CHOICE_PARAMETER] !== undefined || (await emailSignInOfPage())?.uuid !== uuid;
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
      email={isValidEmail(link.data.email) ? link.data.email : undefined}
      permalink={linkPagePermalink(lang, (await headers()).get(VIEW_QUERY_HEADER) ?? '')}
      declineTicket={await declineTicketFor(link.data.uuid)}
    />
  );
}
