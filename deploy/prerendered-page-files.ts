import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Every prerendered page below `directory` (Next's `server/app`) through `rewrite`, written back where it changed; how many changed. */
export function rewritePrerenderedPages(directory: string, rewrite: (html: string) => string): number {
  let pages = 0;
  for (const entry of readdirSync(directory, { recursive: true, encoding: 'utf8' })) {
    if (!entry.endsWith('.html')) continue;
    const file = join(directory, entry);
    const html = readFileSync(file, 'utf8');
    const rewritten = rewrite(html);
    if (rewritten === html) continue;
    writeFileSync(file, rewritten);
    pages += 1;
  }
  return pages;
}
