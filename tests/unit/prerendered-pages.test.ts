import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { etagOf, inlineScriptHashes, readPrerenderedPages } from '@/lib/platform/pages/prerendered-pages';

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('the hashes of a prerendered page\'s inline scripts', () => {
  it('are taken of each inline script\'s text exactly, none of a script with src', () => {
    const inline = 'self.__next_f.push([1,"a \\u003c b é"])';
    const html = `<html><head><script src="/login/_next/static/chunks/a.js" async=""></script></head>`
      + `<body><script id="_R_">${inline}</script><SCRIPT>(x)</SCRIPT ><script src='/b.js'></script></body></html>`;
    expect(inlineScriptHashes(html)).toEqual([hashOf(inline), hashOf('(x)')]);
  });

  it('change with a single character of a script', () => {
    expect(inlineScriptHashes('<script>a()</script>')).not.toEqual(inlineScriptHashes('<script>a() </script>'));
  });

  it('name the page\'s bytes in its ETag: another byte, another ETag', () => {
    expect(etagOf('<p>a</p>')).toBe(`"${createHash('sha256').update('<p>a</p>').digest('base64url')}"`);
    expect(etagOf('<p>a</p>')).not.toBe(etagOf('<p>a</p> '));
  });

  it('are read for every prerendered page of a build, and none without a build', () => {
    const build = mkdtempSync(join(tmpdir(), 'prerendered-'));
    mkdirSync(join(build, 'server/app/en/invalid'), { recursive: true });
    writeFileSync(join(build, 'server/app/en/invalid.html'), '<script>one()</script>');
    writeFileSync(join(build, 'server/app/_global-error.html'), '<script>framework()</script>');
    writeFileSync(
      join(build, 'prerender-manifest.json'),
      JSON.stringify({
        routes: {
          '/en/invalid': { routeType: 'page', dataRoute: '/en/invalid.rsc' },
          '/_global-error': { routeType: 'page' },
          '/locale/en.json': { routeType: 'route', dataRoute: null },
          '/en/missing': { routeType: 'page' },
        },
      }),
    );
    expect(readPrerenderedPages(build)).toEqual(new Map([['/en/invalid', { inlineHashes: [hashOf('one()')], etag: etagOf('<script>one()</script>') }]]));
    expect(readPrerenderedPages(join(build, 'nothing-here'))).toEqual(new Map());
  });
});
