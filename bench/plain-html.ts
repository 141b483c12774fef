/**
 * The same screen as plain HTML, the limit of what it can cost: the document the app rendered,
 * with every script (the framework, the islands and the inline React Server Components payload)
 * and every script preload removed. Markup and stylesheets stay; nothing on it is interactive.
 */
export function plainHtml(renderedHtml: string): string {
  return renderedHtml
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*\bas="script"[^>]*>/gi, '')
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/gi, '');
}

/** The stylesheets a document links, as paths on its server. */
export function stylesheetPaths(html: string): string[] {
  return [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/gi)]
    .map((tag) => /\bhref="([^"]+)"/.exec(tag[0])?.[1])
    .filter((href) => href !== undefined);
}
