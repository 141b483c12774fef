import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';

/**
 * What a browser loads for one screen, as it loads it: every response of the page load (the
 * document, its scripts, stylesheets and whatever else it asks for), with each body measured
 * as sent uncompressed, gzipped (level 6, what Next's own compression and nginx at its usual
 * setting send) and brotli (quality 11, what a precompressing CDN would send).
 */

export type ResourceKind = 'html' | 'js' | 'css' | 'other';
/** A response of the page load, with what `measure` made of its body. */
export type MeasuredResource<Measures> = Measures & {
  url: string;
  kind: ResourceKind;
  /** The document's body as it arrived (only for the document: its plain HTML is made from it). */
  body?: Buffer;
};
export type LoadedResource = MeasuredResource<{ bytes: number; gzip: number; brotli: number }>;
export type Sizes = { files: number; bytes: number; gzip: number; brotli: number };

function kindOf(resourceType: string): ResourceKind {
  if (resourceType === 'document') return 'html';
  if (resourceType === 'script') return 'js';
  if (resourceType === 'stylesheet') return 'css';
  return 'other';
}

export function gzipSize(body: Buffer): number {
  return gzipSync(body, { level: 6 }).length;
}

export function compressedSizes(body: Buffer): Pick<LoadedResource, 'bytes' | 'gzip' | 'brotli'> {
  return {
    bytes: body.length,
    gzip: gzipSize(body),
    brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

/**
 * Loads `url` in `page` until the network is idle and measures every body that arrived. With
 * `submit`, the page is loaded first and what is measured is the document `submit` navigates to
 * (a form post) and everything it loads, with the browser's cache off so nothing counts twice.
 */
export function loadedResources(page: Page, url: string, submit?: (page: Page) => Promise<void>): Promise<LoadedResource[]> {
  return measuredResources(page, url, compressedSizes, submit);
}

/**
 * The same load, each body measured by `measure` alone. Brotli at quality 11 costs about 1.4 s of
 * CPU per 600 KB of scripts, 60 times gzip's cost: what reads only gzip (the size budgets of
 * tests/e2e/budgets.spec.ts) measures only that.
 */
export async function measuredResources<Measures>(
  page: Page,
  url: string,
  measure: (body: Buffer) => Measures,
  submit?: (page: Page) => Promise<void>,
): Promise<MeasuredResource<Measures>[]> {
  if (submit) {
    const first = await page.goto(url, { waitUntil: 'networkidle' });
    if (!first?.ok()) throw new Error(`${url} answered ${first?.status() ?? 'nothing'}`);
    const session = await page.context().newCDPSession(page);
    await session.send('Network.setCacheDisabled', { cacheDisabled: true });
  }
  const pending: Promise<MeasuredResource<Measures> | undefined>[] = [];
  const failures: string[] = [];
  const onResponse = (response: import('@playwright/test').Response) => {
    if (response.status() >= 300 && response.status() < 400) return;
    const kind = kindOf(response.request().resourceType());
    // A document, script or stylesheet that failed to load would make the page look lighter.
    if (!response.ok() && kind !== 'other') failures.push(`${response.url()} answered ${response.status()}`);
    if (!response.ok()) return;
    pending.push(
      response.body().then(
        (body) => ({ url: response.url(), kind, ...measure(body), ...(kind === 'html' ? { body } : {}) }),
        () => undefined,
      ),
    );
  };
  page.on('response', onResponse);
  try {
    let response: import('@playwright/test').Response | null;
    if (submit) {
      // The document stays at the same URL: only the navigation itself tells the answer arrived.
      const navigated = page.waitForNavigation({ waitUntil: 'networkidle' });
      await submit(page);
      response = await navigated;
      if (response?.request().method() !== 'POST') throw new Error(`submitting the form of ${url} did not post it`);
    } else {
      response = await page.goto(url, { waitUntil: 'networkidle' });
    }
    if (!response?.ok()) throw new Error(`${url} answered ${response?.status() ?? 'nothing'}`);
    if (failures.length > 0) throw new Error(`loading ${url}: ${failures.join(', ')}`);
    return (await Promise.all(pending)).filter((resource) => resource !== undefined);
  } finally {
    page.off('response', onResponse);
  }
}

export function sizesOf(resources: LoadedResource[], kind: ResourceKind): Sizes {
  const chosen = resources.filter((resource) => resource.kind === kind);
  return {
    files: chosen.length,
    bytes: chosen.reduce((sum, resource) => sum + resource.bytes, 0),
    gzip: chosen.reduce((sum, resource) => sum + resource.gzip, 0),
    brotli: chosen.reduce((sum, resource) => sum + resource.brotli, 0),
  };
}

export function kilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** Text as it stands in Next's inline payload: a JSON string with HTML's specials escaped. */
function asInlinePayloadText(text: string): string {
  return JSON.stringify(text)
    .slice(1, -1)
    .replace(/[<>&\u2028\u2029]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * A document that carries its stylesheets inline (next.config.mjs, `inlineCss`), split into the
 * stylesheets and the rest: the markup, with every copy of each stylesheet taken out (its
 * `<style>` element's text, and the copy in the framework's payload that a page rendered per
 * request still carries), and how many such payload copies there were.
 */
export function withoutInlineStylesheets(html: string): { markup: string; stylesheets: string[]; payloadCopies: number } {
  const stylesheets = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1] ?? '').filter(Boolean);
  let markup = html;
  let payloadCopies = 0;
  for (const stylesheet of stylesheets) {
    const inPayload = markup.split(stylesheet).join('').split(asInlinePayloadText(stylesheet));
    payloadCopies += inPayload.length - 1;
    markup = inPayload.join('');
  }
  return { markup, stylesheets, payloadCopies };
}
