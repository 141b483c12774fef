import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { languageRegistry } from '../../lib/vocabulary/languages.ts';

/**
 * The page nginx answers a client over the form-post limit with (`@desk_booking_too_many_posts` in
 * desk-booking.conf). nginx cannot know the page's language, so it says it in every language of
 * the registry, the default first, in the words of `tooManyPosts` in messages/<code>.json.
 * `node deploy/nginx/write-too-many-posts-page.ts` writes it into the site; a unit test holds
 * the site to it.
 */
export type TooManyPostsText = { heading: string; body: string };

export function tooManyPostsTexts(messagesDirectory: string): Map<string, TooManyPostsText> {
  return new Map(
    languageRegistry.map(({ code }) => {
      const messages = JSON.parse(readFileSync(join(messagesDirectory, `${code}.json`), 'utf8')) as { tooManyPosts?: TooManyPostsText };
      if (!messages.tooManyPosts) throw new Error(`messages/${code}.json has no tooManyPosts`);
      return [code, messages.tooManyPosts];
    }),
  );
}

/**
 * Text as nginx may quote it and HTML shows it: nginx reads `$` as a variable and `'` or `\` as
 * the end or escape of the string, so those, HTML's own characters and everything beyond ASCII
 * are written as character references.
 */
function escaped(text: string): string {
  return text.replace(/[^ !#%(-;=?-[\]-~]/gu, (character) => `&#${character.codePointAt(0)};`);
}

export function tooManyPostsPage(texts: Map<string, TooManyPostsText>): string {
  const [first, ...others] = [...texts];
  if (!first) throw new Error('no language to write the page in');
  const [defaultCode, { heading, body }] = first;
  const sections = others.map(([code, text]) => `<section lang="${code}"><h2>${escaped(text.heading)}</h2><p>${escaped(text.body)}</p></section>`);
  return [
    // No colours of its own: the browser's, light or dark as the person set it (issue 49).
    `<!doctype html><html lang="${defaultCode}"><head><meta name="color-scheme" content="light dark"><meta name="viewport" content="width=device-width"><title>${escaped(heading)}</title></head>`,
    '<body style="font-family:sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5">',
    `<h1>${escaped(heading)}</h1><p>${escaped(body)}</p>`,
    ...sections,
    '</body></html>',
  ].join('');
}

const PAGE_LINE = /^( *)return 429 '[^'\n]*';$/m;

/** The site with its 429 page replaced by `page`. */
export function siteWithTooManyPostsPage(site: string, page: string): string {
  if (!PAGE_LINE.test(site)) throw new Error("deploy/nginx/desk-booking.conf: no line return 429 '…'; to write the page into");
  return site.replace(PAGE_LINE, (_line, indent: string) => `${indent}return 429 '${page}';`);
}
