import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';

/**
 * What a browser loads for one screen, as it loads it: every response of the page load (the
 * document, its scripts, stylesheets and whatever else it asks for), with each body measured
 * as sent uncompressed, gzipped (level 6, what Next's own compression and nginx at its usual
 * setting send) and brotli (quality 11, what a precompressing CDN would send).
 */

export type ResourceKind = 'html' | 'js' | 'css' | 'other';
export type LoadedResource = { url: string; kind: ResourceKind; bytes: number; gzip: number; brotli: number };
export type Sizes = { files: number; bytes: number; gzip: number; brotli: number };

function kindOf(resourceType: string): ResourceKind {
  if (resourceType === 'document') return 'html';
  if (resourceType === 'script') return 'js';
  if (resourceType === 'stylesheet') return 'css';
  return 'other';
}

export function compressedSizes(body: Buffer): Omit<LoadedResource, 'url' | 'kind'> {
  return {
    bytes: body.length,
    gzip: gzipSync(body, { level: 6 }).length,
    brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

/** Loads `url` in `page` until the network is idle and measures every body that arrived. */
export async function loadedResources(page: Page, url: string): Promise<LoadedResource[]> {
  const pending: Promise<LoadedResource | undefined>[] = [];
  const failures: string[] = [];
  const onResponse = (response: import('@playwright/test').Response) => {
    if (response.status() >= 300 && response.status() < 400) return;
    const kind = kindOf(response.request().resourceType());
    // A document, script or stylesheet that failed to load would make the page look lighter.
    if (!response.ok() && kind !== 'other') failures.push(`${response.url()} answered ${response.status()}`);
    if (!response.ok()) return;
    pending.push(
      response.body().then(
        (body) => ({ url: response.url(), kind, ...compressedSizes(body) }),
        () => undefined,
      ),
    );
  };
  page.on('response', onResponse);
  try {
    const response = await page.goto(url, { waitUntil: 'networkidle' });
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
