import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { siteWithTooManyPostsPage, tooManyPostsPage, tooManyPostsTexts } from '@/deploy/nginx/too-many-posts-page';
import { languageRegistry } from '@/lib/vocabulary/languages';

const ROOT = process.cwd();
const site = readFileSync(join(ROOT, 'deploy/nginx/desk-booking.conf'), 'utf8');
const page = tooManyPostsPage(tooManyPostsTexts(join(ROOT, 'messages')));

describe('nginx’s 429 page', () => {
  it('is the one messages/*.json make: after changing a language or tooManyPosts, run deploy/nginx/write-too-many-posts-page.ts', () => {
    expect(siteWithTooManyPostsPage(site, page) === site).toBe(true);
  });

  it('speaks every language of the registry, the default in the heading', () => {
    const [first, ...others] = languageRegistry;
    expect(page).toMatch(new RegExp(`^<!doctype html><html lang="${first.code}">.*<h1>Too many attempts</h1>`));
    for (const { code } of others) expect(page).toContain(`<section lang="${code}">`);
    expect(page).toContain('<h2>Zu viele Versuche</h2><p>Bitte warten Sie eine Minute, gehen Sie dann zur&#252;ck und versuchen Sie es erneut.</p>');
  });

  it('follows the person’s dark setting: the browser draws it in its own light or dark colours, each at AA contrast', () => {
    expect(page).toMatch(/^<!doctype html><html lang="\w+"><head><meta name="color-scheme" content="light dark">/);
    expect(page).not.toMatch(/color:|background/);
  });

  it('writes what nginx would read as a variable, the end of its string or markup as character references', () => {
    const texts = new Map([['en', { heading: 'Costs $5', body: "It’s <b>'quoted'</b> \\ & \"so\"." }]]);
    expect(tooManyPostsPage(texts)).toContain('<h1>Costs &#36;5</h1><p>It&#8217;s &#60;b&#62;&#39;quoted&#39;&#60;/b&#62; &#92; &#38; &#34;so&#34;.</p>');
  });
});
