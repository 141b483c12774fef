import { htmlEscapeJsonString } from 'next/dist/shared/lib/htmlescape.js';
import { rewritePrerenderedPages } from './prerendered-page-files.ts';

// With `experimental.inlineCss`, Next puts the stylesheet's text into a prerendered page twice:
// in the `<style data-href>` the browser paints with, and as a text row of the React Server
// Components payload that hydration reads. Hydration never uses that copy: React adopts the
// `<style>` already in the document by its `data-href`, and Next itself sends only a `<link>` on
// client navigations. Removing it halves the page's bytes (docs/decisions.md, "The stylesheet once").

const STYLE_ELEMENT = /<style\b[^>]*\bdata-href="[^"]*"[^>]*>([\s\S]*?)<\/style>/g;
const PAYLOAD_SCRIPT = /<script\b([^>]*)>self\.__next_f\.push\((\[1,"(?:[^"\\]|\\.)*"\])\)<\/script>/g;
// A text row of the payload: its id, `:T`, the byte length of its text in hexadecimal, a comma.
const TEXT_ROW = /(^|\n)([0-9a-f]+):T([0-9a-f]+),/g;

/**
 * The page's HTML with each inline stylesheet's copy in the payload replaced by an empty text
 * row, and how many bytes of text were removed. Throws when a stylesheet of the page has no copy
 * in its payload: Next then writes its pages differently, and this step must be looked at again.
 */
export function withStylesheetOnce(html: string): { html: string; removedBytes: number } {
  const stylesheets = new Set([...html.matchAll(STYLE_ELEMENT)].map(([, text = '']) => text).filter((text) => text !== ''));
  if (stylesheets.size === 0) return { html, removedBytes: 0 };
  const found = new Set<string>();
  let removedBytes = 0;
  const rewritten = html.replace(PAYLOAD_SCRIPT, (script, attributes: string, argument: string) => {
    const [, payload] = JSON.parse(argument) as [1, string];
    let changed = false;
    let result = '';
    let from = 0;
    for (const row of payload.matchAll(TEXT_ROW)) {
      const [whole, newline = '', id = '', hexLength = ''] = row;
      const textStart = row.index + whole.length;
      if (textStart < from) continue;
      const byteLength = Number.parseInt(hexLength, 16);
      const text = Buffer.from(payload.slice(textStart), 'utf8').subarray(0, byteLength).toString('utf8');
      if (!stylesheets.has(text)) continue;
      found.add(text);
      result += `${payload.slice(from, row.index)}${newline}${id}:T0,`;
      from = textStart + text.length;
      removedBytes += byteLength;
      changed = true;
    }
    if (!changed) return script;
    result += payload.slice(from);
    return `<script${attributes}>self.__next_f.push(${htmlEscapeJsonString(JSON.stringify([1, result]))})</script>`;
  });
  if (found.size !== stylesheets.size) {
    throw new Error(`a prerendered page's inline stylesheet has no copy in its payload (${stylesheets.size - found.size} of ${stylesheets.size}): Next's output changed`);
  }
  return { html: rewritten, removedBytes };
}

/** Every prerendered page below `directory` (Next's `server/app`), rewritten in place. */
export function stylesheetOnceInPages(directory: string): { pages: number; removedBytes: number } {
  let removedBytes = 0;
  const pages = rewritePrerenderedPages(directory, (html) => {
    const result = withStylesheetOnce(html);
    removedBytes += result.removedBytes;
    return result.html;
  });
  return { pages, removedBytes };
}
