// The framework floor (bench/bare-next): one dynamic page built by the project's own `next`,
// so that its bytes and its speed are what any page of this Next.js version costs.
import { execFileSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** Relative to the project root, where npm scripts, the bench and Playwright run. */
export const BARE_NEXT_DIRECTORY = join(process.cwd(), 'bench/bare-next');
/** The standalone build mirrors the path below the tracing root (the project root). */
export const BARE_NEXT_STANDALONE = join(BARE_NEXT_DIRECTORY, '.next/standalone/bench/bare-next');
export const BARE_NEXT_PAGE_PATH = '/login/en';

export function buildBareNext(): void {
  execFileSync(process.execPath, [join(process.cwd(), 'node_modules/next/dist/bin/next'), 'build'], {
    cwd: BARE_NEXT_DIRECTORY,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // As deploy/assemble-standalone.mjs does for the app: the standalone server serves only the
  // static files that sit beside it.
  const staticCopy = join(BARE_NEXT_STANDALONE, '.next/static');
  rmSync(staticCopy, { recursive: true, force: true });
  cpSync(join(BARE_NEXT_DIRECTORY, '.next/static'), staticCopy, { recursive: true });
}
