import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * The documentation works in a fresh clone (issue 15, item 8): every relative link in the
 * project's Markdown names a file of the repository, and every `#anchor` a heading of the file it
 * points to. Links to other sites are not fetched.
 */

const root = resolve(__dirname, '../..');

/** The project's own Markdown: the root files, docs/, and the READMEs of dev/ and deploy/. */
function documentationFiles(): string[] {
  const markdownIn = (folder: string) =>
    readdirSync(join(root, folder))
      .filter((name) => name.endsWith('.md'))
      .map((name) => join(folder, name));
  return [...markdownIn('.'), ...markdownIn('docs'), 'dev/README.md', 'deploy/README.md'].map((file) => join(root, file));
}

function withoutCodeBlocks(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
}

/** Code is shown, not linked: fenced blocks and inline code spans are left out. */
function withoutCode(markdown: string): string {
  return withoutCodeBlocks(markdown).replace(/(`+)[^`\n]*?\1/g, '');
}

/** Targets of Markdown links and images, reference definitions, and HTML `href` and `src`. */
function linkTargets(markdown: string): string[] {
  const text = withoutCode(markdown);
  const inline = [...text.matchAll(/\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]!);
  const references = [...text.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((match) => match[1]!);
  const html = [...text.matchAll(/\b(?:href|src)\s*=\s*["']([^"']*)["']/g)].map((match) => match[1]!);
  return [...inline, ...references, ...html];
}

/** Anchors GitHub gives the headings of a Markdown file (github-slugger's rule). */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const [, heading] of withoutCodeBlocks(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const text = heading!.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*]/g, '');
    const slug = text.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
    let anchor = slug;
    for (let repeat = 1; anchors.has(anchor); repeat += 1) anchor = `${slug}-${repeat}`;
    anchors.add(anchor);
  }
  return anchors;
}

/** Paths in code spans that climb out of the file's folder, such as `../shared/spec/…`. */
function climbingCodePaths(markdown: string): string[] {
  return [...withoutCodeBlocks(markdown).matchAll(/(`+)(\.\.\/[^`\s]*)\1/g)].map((match) => match[2]!);
}

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');

/** The relative links of `markdown` (the text of `file`) that do not resolve inside the repository, with why. */
function brokenLinks(file: string, markdown: string): string[] {
  const broken: string[] = [];
  for (const target of linkTargets(markdown)) {
    if (isExternal(target)) continue;
    const [path = '', anchor] = target.split('#', 2);
    const resolved = path === '' ? file : resolve(dirname(file), decodeURIComponent(path));
    if (resolved !== root && !resolved.startsWith(root + sep)) {
      broken.push(`${target}: outside the repository`);
    } else if (!existsSync(resolved)) {
      broken.push(`${target}: no such file`);
    } else if (anchor && resolved.endsWith('.md') && !headingAnchors(path === '' ? markdown : readFileSync(resolved, 'utf8')).has(anchor)) {
      broken.push(`${target}: no heading with this anchor`);
    }
  }
  for (const path of climbingCodePaths(markdown)) {
    const resolved = resolve(dirname(file), path);
    if (!resolved.startsWith(root + sep)) broken.push(`${path}: named, outside the repository`);
  }
  return broken;
}

describe('the checker', () => {
  const readme = join(root, 'README.md');

  it('accepts a file, a folder, a heading of another file and one of the same file', () => {
    const markdown = '# Top\n[a](docs/identity-providers.md) [b](deploy) ![c](components/brand/icon.svg) [d](SECURITY.md#out-of-scope-here) [e](#top)';
    expect(headingAnchors(readFileSync(join(root, 'SECURITY.md'), 'utf8'))).toContain('out-of-scope-here');
    expect(brokenLinks(readme, markdown)).toEqual([]);
  });

  it('finds a missing file, a missing anchor, a missing image and a file outside the repository, linked or named', () => {
    const markdown = [
      '[spec](../shared/spec/login-front-end.md)',
      '[gone](docs/nothing-here.md)',
      '[anchor](SECURITY.md#no-such-heading)',
      '<img src="docs/screenshots/none.png" alt="">',
      '[ok](https://example.com/missing.md) `[code](missing.md)` `/api/.../ssoLogin`',
      'The specification is `../shared/spec/contracts.md`.',
    ].join('\n');
    expect(brokenLinks(readme, markdown)).toEqual([
      '../shared/spec/login-front-end.md: outside the repository',
      'docs/nothing-here.md: no such file',
      'SECURITY.md#no-such-heading: no heading with this anchor',
      'docs/screenshots/none.png: no such file',
      '../shared/spec/contracts.md: named, outside the repository',
    ]);
  });

  it('names headings as GitHub does', () => {
    expect([...headingAnchors('## Two commands\n### `npm test`: what it runs\n## Two commands\n## Sign-in, step 1 (A)')]).toEqual([
      'two-commands',
      'npm-test-what-it-runs',
      'two-commands-1',
      'sign-in-step-1-a',
    ]);
  });
});

describe('every relative link in the documentation resolves inside the repository', () => {
  const files = documentationFiles();

  it('covers the README, docs/ and the statements beside the README', () => {
    const names = files.map((file) => relative(root, file));
    expect(names).toEqual(expect.arrayContaining(['README.md', 'SECURITY.md', 'ACCESSIBILITY.md', 'BENCHMARKS.md']));
    expect(names.filter((name) => name.startsWith('docs/')).length).toBeGreaterThan(0);
  });

  it.each(files.map((file) => [relative(root, file), file]))('%s', (_name, file) => {
    expect(statSync(file).isFile()).toBe(true);
    expect(brokenLinks(file, readFileSync(file, 'utf8'))).toEqual([]);
  });
});
