import { rewritePrerenderedPages } from './prerendered-page-files.ts';

// Next writes a page's script files into its <head>: eight or nine `<script src async>` and a
// `<link rel="preload" as="script">`. Chromium's parser issues those fetches before it parses the
// body, on the main thread, so on a slow phone the first paint waits for them; the same tags after
// the content let the text paint as soon as plain HTML would (docs/decisions.md, "First paint
// against plain HTML"). The scripts are async either way, so when they run does not change, and
// no inline script moves, so the policy's hashes stay the same.

const HEAD = /<head>([\s\S]*?)<\/head>/;
const SCRIPT_FILE = /<script\b[^>]*\bsrc="[^"]*"[^>]*><\/script>|<link\b[^>]*\bas="script"[^>]*\/?>/g;
const BODY_END = '</body>';

/** The page's HTML with the head's script files and script preloads moved to the end of its body, in their order. */
export function withScriptsAfterContent(html: string): { html: string; moved: number } {
  const head = HEAD.exec(html);
  if (!head || !html.includes(BODY_END)) return { html, moved: 0 };
  const tags = head[1]!.match(SCRIPT_FILE) ?? [];
  if (tags.length === 0) return { html, moved: 0 };
  const start = head.index;
  const rewrittenHead = head[0].replace(SCRIPT_FILE, '');
  const withoutTags = html.slice(0, start) + rewrittenHead + html.slice(start + head[0].length);
  const bodyEnd = withoutTags.lastIndexOf(BODY_END);
  return { html: `${withoutTags.slice(0, bodyEnd)}${tags.join('')}${withoutTags.slice(bodyEnd)}`, moved: tags.length };
}

/** Every prerendered page below `directory` (Next's `server/app`), rewritten in place. */
export function scriptsAfterContentInPages(directory: string): { pages: number } {
  return { pages: rewritePrerenderedPages(directory, (html) => withScriptsAfterContent(html).html) };
}
