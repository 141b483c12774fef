// The framework floor (bench/bare-next): one dynamic page built by the project's own `next`,
// so that its bytes and its speed are what any page of this Next.js version costs.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Relative to the project root, where npm scripts, the bench and Playwright run. */
export const BARE_NEXT_DIRECTORY = join(process.cwd(), 'bench/bare-next');
/** The standalone build mirrors the path below the tracing root (the project root). */
export const BARE_NEXT_STANDALONE = join(BARE_NEXT_DIRECTORY, '.next/standalone/bench/bare-next');
export const BARE_NEXT_PAGE_PATH = '/login/en';

/** The same bare page behind a proxy that does nothing: what running any proxy costs. */
export const BARE_NEXT_WITH_PROXY_DIRECTORY = join(process.cwd(), 'bench/bare-next-with-proxy');
export const BARE_NEXT_WITH_PROXY_STANDALONE = join(BARE_NEXT_WITH_PROXY_DIRECTORY, '.next/standalone/bench/bare-next-with-proxy');

/** The app's own markup of a screen as static JSX on bare Next.js (bench/markup-floor.ts). */
export const MARKUP_FLOOR_DIRECTORY = join(process.cwd(), 'bench/markup-floor-app');
export const MARKUP_FLOOR_STANDALONE = join(MARKUP_FLOOR_DIRECTORY, '.next/standalone/bench/markup-floor-app');

const EMPTY_PROXY = `import { NextResponse } from 'next/server';

export function proxy() {
  return NextResponse.next();
}

export const config = { matcher: ['/', '/((?!_next/).*)'] };
`;

function build(directory: string, standalone: string, options: { public?: boolean } = {}): void {
  execFileSync(process.execPath, [join(process.cwd(), 'node_modules/next/dist/bin/next'), 'build'], {
    cwd: directory,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // As deploy/assemble-standalone.mjs does for the app: the standalone server serves only the
  // static files that sit beside it.
  const staticCopy = join(standalone, '.next/static');
  rmSync(staticCopy, { recursive: true, force: true });
  cpSync(join(directory, '.next/static'), staticCopy, { recursive: true });
  if (options.public) {
    rmSync(join(standalone, 'public'), { recursive: true, force: true });
    cpSync(join(directory, 'public'), join(standalone, 'public'), { recursive: true });
  }
}

/**
 * A copy of bench/bare-next with `files` added or replaced (paths relative to the copy; Buffers
 * written as they are) and `directories` copied in, made and built on the spot (not committed).
 */
export function buildBareNextCopy(
  directory: string,
  standalone: string,
  files: Record<string, string | Buffer>,
  directories: Record<string, string> = {},
): void {
  rmSync(directory, { recursive: true, force: true });
  for (const entry of ['app', 'next.config.mjs']) {
    cpSync(join(BARE_NEXT_DIRECTORY, entry), join(directory, entry), { recursive: true });
  }
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(directory, path)), { recursive: true });
    writeFileSync(join(directory, path), content);
  }
  for (const [path, from] of Object.entries(directories)) cpSync(from, join(directory, path), { recursive: true });
  build(directory, standalone, { public: 'public' in directories });
}

export function buildBareNext(): void {
  build(BARE_NEXT_DIRECTORY, BARE_NEXT_STANDALONE);
}

/** A copy of bench/bare-next plus the empty proxy, made and built on the spot (not committed). */
export function buildBareNextWithProxy(): void {
  buildBareNextCopy(BARE_NEXT_WITH_PROXY_DIRECTORY, BARE_NEXT_WITH_PROXY_STANDALONE, { 'proxy.js': EMPTY_PROXY });
}
