// Types of index.js, written from the JSDoc of the vendored files (src/types.js,
// src/scanner/index.js, src/site.js): the project does not type-check JavaScript.
import type { CookieJar } from 'tough-cookie';

/** What the tests read of a response: an axios response as the Observatory's retriever gets it. */
export interface ObservatoryResponse {
  status: number;
  statusText: string;
  /** Header names in lower case as own enumerable properties; Set-Cookie as an array. */
  headers: ObservatoryHeaders;
  data: string;
  /** Whether the TLS certificate chain was verified. */
  verified: boolean;
  request: { headers: ObservatoryHeaders };
  httpEquiv?: Map<string, string[]>;
}

export interface ObservatoryHeaders {
  get(name: string): string | string[] | null;
}

export interface RedirectEntry {
  url: URL;
  status: number;
}

export class Site {
  constructor(hostname: string, port: number | undefined, path: string);
  hostname: string;
  port: number | undefined;
  path: string | undefined;
  static fromSiteString(siteString: string): Site;
}

export interface ObservatorySession {
  url: URL;
  redirectHistory: RedirectEntry[];
  jar: CookieJar;
}

export class Requests {
  constructor(site: Site);
  site: Site;
  httpPort: number;
  httpsPort: number;
  resources: { path: string | null };
  responses: {
    auto: ObservatoryResponse | null;
    cors: ObservatoryResponse | null;
    http: ObservatoryResponse | null;
    https: ObservatoryResponse | null;
    httpRedirects: RedirectEntry[];
    httpsRedirects: RedirectEntry[];
  };
  session: ObservatorySession | null;
}

export interface TestOutput {
  expectation: string;
  pass: boolean | null;
  result: string | null;
  scoreDescription: string | null;
  scoreModifier: number | null;
  [detail: string]: unknown;
}

export interface ScanResult {
  scan: {
    algorithmVersion: number;
    grade: string;
    error: string | null;
    score: number;
    statusCode: number;
    testsFailed: number;
    testsPassed: number;
    testsQuantity: number;
    responseHeaders: Record<string, string | string[]>;
  };
  tests: Record<string, TestOutput>;
}

/** Throws when there is no response, or its status is not 2xx, 3xx, 401 or 403. */
export function analyzeScan(requests: Requests): ScanResult;
export function getGradeForScore(score: number): { score: number; grade: string };
export function getScoreModifier(expectation: string): number;
export function parseHttpEquivHeaders(html: string, baseUrl: string): Map<string, string[]>;
export const Expectation: Record<string, string>;
export const HTML_TYPES: Set<string>;
/** The attributes (lower-case names) of every element named `tagName` in `html`. */
export function collectElements(html: string, tagName: string): Record<string, string>[];
