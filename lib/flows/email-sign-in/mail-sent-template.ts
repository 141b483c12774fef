import type { ReceivedCookies } from '@/lib/platform/cookies';
import { relativeTimeFormat } from '@/lib/platform/i18n/formats';
import { logger } from '@/lib/platform/observability/logger';
import type { Language } from '@/lib/platform/i18n/routing';
import { asPageRoute, fillTemplate, templatesReadOnce, htmlText, inFlightScript, readPrerenderedHtml, splitTemplate, type FilledPage, type SplitTemplate, type TemplateHole } from '@/lib/platform/pages/screen-templates';
import { TEMPLATE_FOLDER } from '@/lib/vocabulary/base-path';
import { ADDRESS_MAX_LENGTH, addressHoles, addressValues, fragmentRowOf } from './address-in-template';
import { webmailFor, type Webmail } from './webmail';
import { linkSentAgoMs, readEmailSignIn, type EmailSignInState } from './wait';

/**
 * The mail-sent view as a template (docs/decisions.md, Screens from templates): prerendered once
 * per language and variant with a sentinel in place of the address and of the time since the link
 * was sent, then filled per request. The variants are what the view shows besides those two: the
 * webmail shortcut; "sent just now" or "sent … minutes ago", two sentences of their own; or the
 * code entry of a link confirmed elsewhere, which holds no value at all.
 */
const WEBMAILS = ['', '.gmail', '.outlook'] as const;
export const MAIL_SENT_VARIANTS = [...WEBMAILS.flatMap((webmail) => [`now${webmail}`, `ago${webmail}`] as const), 'code'] as const;
export type MailSentVariant = (typeof MAIL_SENT_VARIANTS)[number];

const MINUTE_MS = 60_000;
/** The time since the link was sent that each template is rendered with: "just now", and 100,000,000 minutes, which no wait lasts. */
export const SENT_AGO_SENTINEL_MS = { now: 31_337, ago: 100_000_000 * MINUTE_MS } as const;

export function isMailSentVariant(segment: string): segment is MailSentVariant {
  return (MAIL_SENT_VARIANTS as readonly string[]).includes(segment);
}

export function webmailOfVariant(variant: MailSentVariant): Webmail | undefined {
  if (variant.endsWith('.gmail')) return webmailFor('sentinel@gmail.com');
  if (variant.endsWith('.outlook')) return webmailFor('sentinel@outlook.com');
  return undefined;
}

export function sentAgoSentinelOf(variant: MailSentVariant): number {
  return variant.startsWith('ago') ? SENT_AGO_SENTINEL_MS.ago : SENT_AGO_SENTINEL_MS.now;
}

/** The template that shows this wait, `sentAgoMs` after its link was sent. */
export function mailSentVariant(pending: Pick<EmailSignInState, 'email' | 'confirmedElsewhere'>, sentAgoMs: number): MailSentVariant {
  if (pending.confirmedElsewhere) return 'code';
  const webmail = webmailFor(pending.email);
  const suffix = webmail ? (webmail.provider === 'gmail' ? '.gmail' : '.outlook') : '';
  return `${sentAgoMs < MINUTE_MS ? 'now' : 'ago'}${suffix}`;
}

// --- Filling a template ------------------------------------------------------------------------

type Hole = 'address' | 'addressInFlight' | 'sentAgoMs' | 'sentAgo';

/** A template with what it needs to be filled: React Flight's reference to a fragment, which the address is written with. */
type MailSentTemplate = { split: SplitTemplate<Hole>; fragment: string; filled?: FilledPage };

const templateOf = templatesReadOnce((key) => {
  const [language, variant] = key.split('/') as [Language, MailSentVariant];
  return readTemplate(language, variant);
});

function readTemplate(language: Language, variant: MailSentVariant): MailSentTemplate | undefined {
  const prerendered = readPrerenderedHtml(`/${language}/${TEMPLATE_FOLDER}/mail-sent/${variant}`);
  if (prerendered === undefined) return undefined;
  const html = asPageRoute(
    prerendered,
    ['', language, TEMPLATE_FOLDER, 'mail-sent', variant],
    [{ folder: TEMPLATE_FOLDER }, { parameter: 'variant' }],
    ['', language, 'mail-sent'],
  );
  if (html === undefined) {
    logger().warn({ template: `${language}/${variant}` }, 'mail-sent template not used: its route tree did not read as expected');
    return undefined;
  }
  const fragment = fragmentRowOf(html) ?? '';
  const holes: Partial<Record<Hole, TemplateHole>> = {};
  if (variant !== 'code') {
    // The address in the text and in the text without script, in HTML and in Flight.
    Object.assign(holes, addressHoles(fragment, 2));
    const sentAgoMs = sentAgoSentinelOf(variant);
    holes.sentAgoMs = { sentinel: sentAgoMsInFlight(sentAgoMs), occurrences: 1 };
    if (variant.startsWith('ago')) holes.sentAgo = { sentinel: sentAgoHtml(language, sentAgoMs), occurrences: 1 };
  }
  const split = splitTemplate(html, holes as Record<Hole, TemplateHole>);
  if (!split || (variant !== 'code' && !fragment)) {
    // The view changed and its writers here did not follow: every load is rendered per request, at its cost.
    logger().warn({ template: `${language}/${variant}` }, 'mail-sent template not used: its holes were not found as expected');
    return undefined;
  }
  return { split, fragment, filled: variant === 'code' ? fillTemplate(split, {} as Record<Hole, string>) : undefined };
}

/**
 * The mail-sent view for this browser's wait, filled from its template: undefined when there is
 * no wait (the page redirects as before), or one the template cannot carry, or no template (a
 * server without a build): then the page is rendered per request.
 */
export async function mailSentFromTemplate(language: Language, received: ReceivedCookies): Promise<FilledPage | undefined> {
  const pending = await readEmailSignIn(received);
  if (!pending || pending.email.length > ADDRESS_MAX_LENGTH) return undefined;
  const sentAgoMs = linkSentAgoMs(pending);
  const variant = mailSentVariant(pending, sentAgoMs);
  const template = templateOf(`${language}/${variant}`);
  if (!template) return undefined;
  if (template.filled) return template.filled;
  return fillTemplate(template.split, {
    ...addressValues(pending.email, template.fragment),
    sentAgoMs: sentAgoMsInFlight(sentAgoMs),
    sentAgo: sentAgoHtml(language, sentAgoMs),
  });
}

/** The prop of components/email-sign-in/send-again.tsx, in Flight: a whole number of milliseconds. */
function sentAgoMsInFlight(sentAgoMs: number): string {
  return inFlightScript(`"sentAgoMs":${Math.floor(sentAgoMs)},`);
}

/** "2 minutes ago" in the sentence components/email-sign-in/sent-ago.tsx renders (the template's sentence is the rest of it). */
function sentAgoHtml(language: Language, sentAgoMs: number): string {
  return htmlText(relativeTimeFormat(language).format(-Math.floor(sentAgoMs / MINUTE_MS), 'minute'));
}
