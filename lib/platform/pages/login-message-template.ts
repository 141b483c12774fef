import { createTranslator } from 'next-intl';
import { loginPageErrorMessage, loginPageMessageTone, type LoginPageMessage } from '@/lib/platform/backend/error-catalogue';
import { loadMessages } from '@/lib/platform/i18n/messages';
import type { Language } from '@/lib/platform/i18n/routing';
import { aroundSingleLetterWords } from '@/lib/platform/i18n/single-letter-words';
import { logger } from '@/lib/platform/observability/logger';
import { TEMPLATE_FOLDER } from '@/lib/vocabulary/base-path';
import { loginPageVariants, variantOfSegment, variantSegment, type LoginPageVariant } from './login-page-variant';
import { asPageRoute, FLIGHT_INLINE_STRING_MAX, fillTemplate, flightString, htmlText, inFlightScript, readPrerenderedHtml, splitTemplate, templatesReadOnce, type FilledPage } from './screen-templates';

/**
 * The login page with an `?error=` message, as a template (docs/decisions.md, Screens from
 * templates): prerendered once per language, tone of message and login page variant with a
 * sentinel in place of the message's words, filled per request. The words are one of the
 * catalogue's messages (lib/platform/backend/error-catalogue.ts), at most with a provider's name.
 */
export const MESSAGE_TONES = ['error', 'info'] as const;
export type MessageTone = (typeof MESSAGE_TONES)[number];

/** Below `/{lang}/{TEMPLATE_FOLDER}/`: the templates' folder. */
export const LOGIN_MESSAGE_FOLDER = 'login-message';

/** The words a template is rendered with: no message of the catalogue. */
export const MESSAGE_SENTINEL = 'templatemessagesentinel';

export type LoginMessageTemplate = { tone: MessageTone; variant: LoginPageVariant };

/** A template as one path segment: the tone, then the login page's variant, e.g. `info.none.google.microsoft`. */
export function messageTemplateSegment({ tone, variant }: LoginMessageTemplate): string {
  return `${tone}.${variantSegment(variant)}`;
}

export function messageTemplateOfSegment(segment: string): LoginMessageTemplate | undefined {
  const [tone, ...rest] = segment.split('.');
  const variant = variantOfSegment(rest.join('.'));
  return variant && (MESSAGE_TONES as readonly string[]).includes(tone ?? '') ? { tone: tone as MessageTone, variant } : undefined;
}

/** Every template: each tone on each variant of the login page. */
export function loginMessageTemplates(): LoginMessageTemplate[] {
  return MESSAGE_TONES.flatMap((tone) => loginPageVariants().map((variant) => ({ tone, variant })));
}

/** The message's words, as the login page shows them, whether rendered per request or filled in. */
export function loginPageMessageText(language: Language, message: LoginPageMessage): string {
  const t = createTranslator({ locale: language, messages: loadMessages(language), namespace: 'errors' });
  return t(message.key, { provider: message.provider ?? '' });
}

// --- Filling a template ------------------------------------------------------------------------

/** A word kept on one line, in a template's writer: the word and where it begins. */
type SingleLetterWord = { word: string; at: number };

function cutWords(text: string): (string | SingleLetterWord)[] | undefined {
  return aroundSingleLetterWords(text, (word, at): SingleLetterWord => ({ word, at }));
}

/** The words as components/ui/without-break-after-single-letter.tsx renders them to HTML. */
export function messageHtml(text: string): string {
  const pieces = cutWords(text);
  if (!pieces) return htmlText(text);
  return pieces.map((piece) => (typeof piece === 'string' ? htmlText(piece) : `<span class="whitespace-nowrap">${htmlText(piece.word)}</span>`)).join('');
}

/** The words as the same component renders them to React Flight's JSON. */
export function messageFlight(text: string): string {
  const pieces = cutWords(text);
  if (!pieces) return flightString(text);
  const written = pieces.map((piece) =>
    typeof piece === 'string' ? flightString(piece) : `["$","span","${piece.at}",{"className":"whitespace-nowrap","children":${flightString(piece.word)}}]`,
  );
  return `[${written.join(',')}]`;
}

type Hole = 'html' | 'flight';

/** The words fill the message's paragraph (components/ui/status-message.tsx): alone in it, in the HTML and in the Flight payload. */
function holesOf(text: string): Record<Hole, string> {
  return { html: `>${messageHtml(text)}</p>`, flight: inFlightScript(`"children":${messageFlight(text)}}]`) };
}

const templateOf = templatesReadOnce((key) => {
  const [language, segment] = key.split('/') as [Language, string];
  const prerendered = readPrerenderedHtml(`/${language}/${TEMPLATE_FOLDER}/${LOGIN_MESSAGE_FOLDER}/${segment}`);
  if (prerendered === undefined) return undefined;
  const html = asPageRoute(
    prerendered,
    ['', language, TEMPLATE_FOLDER, LOGIN_MESSAGE_FOLDER, segment],
    [{ folder: TEMPLATE_FOLDER }, { folder: LOGIN_MESSAGE_FOLDER }, { parameter: 'variant' }],
    ['', language],
  );
  const sentinel = holesOf(MESSAGE_SENTINEL);
  const split = html && splitTemplate(html, { html: { sentinel: sentinel.html, occurrences: 1 }, flight: { sentinel: sentinel.flight, occurrences: 1 } });
  // The page changed and its writers here did not follow: every such load is rendered per request, at its cost.
  if (!split) logger().warn({ template: key }, 'login message template not used: it did not read as expected');
  return split;
});

/**
 * The login page of `variant` showing `error`'s message, filled from its template: undefined when
 * `error` names no message of the catalogue, or there is no template (a server without a build).
 */
export function loginMessageFromTemplate(language: Language, variant: LoginPageVariant, error: string | null): FilledPage | undefined {
  const message = loginPageErrorMessage(error);
  if (!message) return undefined;
  const tone = loginPageMessageTone(error);
  const template = templateOf(`${language}/${messageTemplateSegment({ tone, variant })}`);
  const text = loginPageMessageText(language, message);
  if (!template || text.length >= FLIGHT_INLINE_STRING_MAX) return undefined;
  return fillTemplate(template, holesOf(text));
}
