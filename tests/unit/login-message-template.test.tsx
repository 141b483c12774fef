import { renderToString } from 'react-dom/server';
import { StatusMessage } from '@/components/ui/status-message';
import { withoutBreakAfterSingleLetter } from '@/components/ui/without-break-after-single-letter';
import { loadMessages } from '@/lib/platform/i18n/messages';
import { languages } from '@/lib/platform/i18n/routing';
import { loginPageMessageText, messageHtml, messageTemplateOfSegment, messageTemplateSegment, loginMessageTemplates } from '@/lib/platform/pages/login-message-template';
import type { ErrorMessageKey } from '@/lib/platform/backend/error-catalogue';

/**
 * The login page's message template (lib/platform/pages/login-message-template.ts) writes the
 * message as the page renders it: byte for byte what React writes, for every message of every
 * language. (That the Flight payload carries it as React's does: tests/e2e/login-message-template.spec.ts.)
 */

const WORDS = languages.flatMap((language) =>
  Object.keys(loadMessages(language).errors).map((key) => [language, key, loginPageMessageText(language, { key: key as ErrorMessageKey, provider: 'Google' })] as const),
);

describe("the template's message", () => {
  it.each(WORDS)('%s %s is written as React renders it in its paragraph', (_language, _key, text) => {
    expect(`<p role="alert" class="x">${messageHtml(text)}</p>`).toBe(renderToString(<p role="alert" className="x">{withoutBreakAfterSingleLetter(text)}</p>));
  });

  it('keeps a German "E-Mail" on one line, as the page does, and writes markup in the words as text', () => {
    expect(messageHtml('Ihre E-Mail-Adresse')).toBe('Ihre <span class="whitespace-nowrap">E-Mail</span>-Adresse');
    expect(messageHtml('<b>&"\'')).toBe('&lt;b&gt;&amp;&quot;&#x27;');
    // The control: the paragraph the page renders around it.
    expect(renderToString(<StatusMessage tone="error">{withoutBreakAfterSingleLetter('Ihre E-Mail-Adresse')}</StatusMessage>)).toContain(`>${messageHtml('Ihre E-Mail-Adresse')}</p>`);
  });

  it('names each template by its tone and the login page variant, and reads back only such a name', () => {
    for (const template of loginMessageTemplates()) expect(messageTemplateOfSegment(messageTemplateSegment(template))).toEqual(template);
    expect(loginMessageTemplates()).toHaveLength(2 * 12);
    for (const segment of ['warning.none.google', 'error', 'error.', 'error.none.google.google', 'info.none.unknown']) expect(messageTemplateOfSegment(segment)).toBeUndefined();
  });
});
