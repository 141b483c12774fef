import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The end-to-end specs run side by side, and a spec that starts servers of its own names their
 * ports (testPort, tests/e2e/support/environment.ts): two files naming one port start two servers
 * on it, and whichever comes second fails, or talks to the other's.
 */

const E2E = join(__dirname, '../e2e');

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'observatory' || entry.name.startsWith('.') ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

function portsNamedIn(source: string): number[] {
  return [...source.matchAll(/testPort\((\d[\d_]*)\)/g)].map((match) => Number(match[1]!.replaceAll('_', '')));
}

describe('the ports of the end-to-end suite', () => {
  const files = sourceFiles(E2E).map((path) => ({ path: path.slice(E2E.length + 1), ports: portsNamedIn(readFileSync(path, 'utf8')) }));

  it('are named by one file each', () => {
    const owners = new Map<number, string[]>();
    for (const { path, ports } of files) for (const port of new Set(ports)) owners.set(port, [...(owners.get(port) ?? []), path]);
    expect([...owners].filter(([, paths]) => paths.length > 1)).toEqual([]);
  });

  it("leave WebKit's lanes (4900 to 4999, tests/e2e/engines/webkit.ts) to its browsers and drivers", () => {
    expect(readFileSync(join(E2E, 'engines/webkit.ts'), 'utf8')).toMatch(/PORT_LANES = \{ first: 4900, lanes: 4, portsPerLane: 24 \}/);
    const inLanes = files.flatMap(({ path, ports }) => ports.filter((port) => port >= 4900 && port < 4900 + 4 * 24).map((port) => `${path}: ${port}`));
    expect(inLanes).toEqual([]);
  });

  it('are found at all (the check reads what it should)', () => {
    expect(files.filter(({ ports }) => ports.length > 0).length).toBeGreaterThan(5);
    expect(portsNamedIn('const A = testPort(4_443); const B = testPort(4100);')).toEqual([4443, 4100]);
  });
});
