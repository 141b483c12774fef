import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Pages carry their stylesheet inline (next.config.mjs, `experimental.inlineCss`), in a
 * `<style>` element without the nonce. The page policy allows exactly these stylesheets by their
 * SHA-256, never inline style as such: each `<style>` holds a built stylesheet byte for byte,
 * so the hashes of the build's `.css` files are the whole list. Read once, from the build output
 * beside the running server.
 */
export function inlineStyleHashes(staticDirectory = join(process.cwd(), '.next/static')): string[] {
  return cssFiles(staticDirectory).map((file) => `'sha256-${createHash('sha256').update(readFileSync(file)).digest('base64')}'`);
}

function cssFiles(directory: string): string[] {
  let entries;
  try {
    entries = readdirSync(directory, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return cssFiles(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}
