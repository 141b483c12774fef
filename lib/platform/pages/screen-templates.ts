import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { etagOf, inlineScriptHashes } from '@/lib/platform/pages/prerendered-pages';

/**
 * Screens served from a template (docs/decisions.md, Screens from templates): a screen prerendered
 * at build time with a sentinel in place of each per-person value, filled per request without a
 * React render. A hole is a place the template marked by rendering its sentinel there; a value is
 * written only into such a place, escaped for that place exactly as React and Next write it:
 *
 * - HTML text and attribute values: React's escaping of `&`, `<`, `>`, `"` and `'`;
 * - the Flight payload: a JSON value of React's (a string that starts with `$` is written `$$`),
 *   inside the JavaScript string literal of an inline `self.__next_f.push([1,"…"])` script, where
 *   Next escapes `<`, `>`, `&`, U+2028 and U+2029 as `\uXXXX`.
 *
 * What no place can carry (a value so long that Flight would write it as a row of its own) is left
 * to the screen rendered per request.
 */

/** Each key's template read once per process, or undefined for good when it could not be read or used. */
export function templatesReadOnce<Template>(read: (key: string) => Template | undefined): (key: string) => Template | undefined {
  const templates = new Map<string, Template | null>();
  return (key) => {
    let template = templates.get(key);
    if (template === undefined) {
      template = read(key) ?? null;
      templates.set(key, template);
    }
    return template ?? undefined;
  };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };

/** Text or an attribute's value in HTML, as React writes it (react-dom's escapeTextForBrowser). */
export function htmlText(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
}

/** A string in React Flight's JSON: one that starts with `$` would read as a reference, so it gets another. */
export function flightString(value: string): string {
  return JSON.stringify(value.startsWith('$') ? `$${value}` : value);
}

const SCRIPT_ESCAPES: Record<string, string> = { '&': '\\u0026', '<': '\\u003c', '>': '\\u003e', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/**
 * Flight text (JSON) as it reads inside the JavaScript string literal of Next's inline script:
 * JSON's escaping once more, then Next's htmlEscapeJsonString, so no `</script` can end the script.
 */
export function inFlightScript(flight: string): string {
  return JSON.stringify(flight)
    .slice(1, -1)
    .replace(/[&<>\u2028\u2029]/g, (character) => SCRIPT_ESCAPES[character]!);
}

/** React Flight writes a string this long or longer as a text row of its own, which no hole is. */
export const FLIGHT_INLINE_STRING_MAX = 1023;

/** A hole: how the template reads where the value goes (the sentinel as written there) and how often it does. */
export type TemplateHole = { sentinel: string; occurrences: number };

/** A template split at its holes once: the text between them, and which hole comes after each piece. */
export type SplitTemplate<Name extends string> = {
  pieces: readonly string[];
  holes: readonly Name[];
  /** The template's own inline scripts: a filled page must carry as many, and no other. */
  scripts: number;
};

const SCRIPT_START = /<script\b/gi;
const SCRIPT_END = /<\/script/gi;

function countOf(html: string, pattern: RegExp): number {
  return html.match(pattern)?.length ?? 0;
}

/**
 * The template split at every hole, or undefined when a sentinel is missing, appears another number
 * of times than its hole says, or overlaps another: then the screen is rendered per request.
 */
export function splitTemplate<Name extends string>(html: string, holes: Readonly<Record<Name, TemplateHole>>): SplitTemplate<Name> | undefined {
  const found: { at: number; end: number; name: Name }[] = [];
  for (const [name, hole] of Object.entries(holes) as [Name, TemplateHole][]) {
    if (hole.sentinel === '') return undefined;
    let count = 0;
    for (let at = html.indexOf(hole.sentinel); at >= 0; at = html.indexOf(hole.sentinel, at + hole.sentinel.length)) {
      found.push({ at, end: at + hole.sentinel.length, name });
      count += 1;
    }
    if (count !== hole.occurrences) return undefined;
  }
  found.sort((a, b) => a.at - b.at);
  const pieces: string[] = [];
  let from = 0;
  for (const { at, end } of found) {
    if (at < from) return undefined;
    pieces.push(html.slice(from, at));
    from = end;
  }
  pieces.push(html.slice(from));
  return { pieces, holes: found.map(({ name }) => name), scripts: countOf(html, SCRIPT_START) };
}

export type FilledPage = { html: string; inlineHashes: readonly string[]; etag: string };

/**
 * The template with each hole's value written in, as its writer wrote it for that place. Undefined
 * when the result does not have the template's shape (another count of script elements, or of
 * their ends): nothing a value brings may open or close a script.
 */
export function fillTemplate<Name extends string>(template: SplitTemplate<Name>, written: Readonly<Record<Name, string>>): FilledPage | undefined {
  let html = template.pieces[0]!;
  for (let index = 0; index < template.holes.length; index += 1) html += written[template.holes[index]!] + template.pieces[index + 1]!;
  if (countOf(html, SCRIPT_START) !== template.scripts || countOf(html, SCRIPT_END) !== template.scripts) return undefined;
  return { html, inlineHashes: inlineScriptHashes(html), etag: etagOf(html) };
}

/** A prerendered page's HTML, as `next build` wrote it beside the running server; undefined without one. */
export function readPrerenderedHtml(path: string, buildDirectory = join(process.cwd(), '.next')): string | undefined {
  try {
    return readFileSync(join(buildDirectory, 'server/app', `${path}.html`), 'utf8');
  } catch {
    return undefined;
  }
}

/** A segment of a template's route that the page it stands for does not have: a folder, or a parameter's folder. */
export type TemplateOnlySegment = { folder: string } | { parameter: string };

/** `"` as it reads in the Flight payload inside Next's inline script. */
const QUOTE = '\\"';

function quoted(text: string): string {
  return `${QUOTE}${text}${QUOTE}`;
}

function onlyOnce(html: string, text: string): number | undefined {
  const at = html.indexOf(text);
  return at >= 0 && html.indexOf(text, at + 1) < 0 ? at : undefined;
}

/**
 * The template's HTML as the page of `pagePath` (its URL's segments below the base path, as
 * `["", "en", "mail-sent"]`): the segments only the template has are taken out of the route tree in
 * its Flight payload. The browser's router then holds the page's own tree, so that an action's
 * answer, which Next renders for the page's route, updates the page in place; against the
 * template's tree it would mount a new page and lose what the form showed. Undefined when the
 * payload does not read as expected: then the screen is rendered per request.
 */
export function asPageRoute(html: string, templatePath: readonly string[], templateOnly: readonly TemplateOnlySegment[], pagePath: readonly string[]): string | undefined {
  let page = html;
  // Innermost first: a skipped row still names its child, which the next row out then points at.
  for (const segment of [...templateOnly].reverse()) {
    const name = 'folder' in segment ? quoted(segment.folder) : `{${quoted('n')}:${quoted(segment.parameter)},`;
    const at = onlyOnce(page, `[[${quoted('children')},{${quoted('s')}:${name}`);
    if (at === undefined) return undefined;
    const row = /\\n([0-9a-z]+):$/.exec(page.slice(Math.max(0, at - 16), at))?.[1];
    const end = page.indexOf('}]]', at);
    const child = new RegExp(`${escapeRegExp(`${quoted('c')}:${QUOTE}$Q`)}([0-9a-z]+)${escapeRegExp(QUOTE)}$`).exec(page.slice(at, end))?.[1];
    if (row === undefined || child === undefined) return undefined;
    const parent = onlyOnce(page, `${quoted('c')}:${quoted(`$Q${row}`)}`);
    if (parent === undefined) return undefined;
    page = page.replace(`${quoted('c')}:${quoted(`$Q${row}`)}`, `${quoted('c')}:${quoted(`$Q${child}`)}`);
  }
  const path = (segments: readonly string[]) => `${quoted('c')}:[${segments.map(quoted).join(',')}]`;
  if (onlyOnce(page, path(templatePath)) === undefined) return undefined;
  return page.replace(path(templatePath), path(pagePath));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
