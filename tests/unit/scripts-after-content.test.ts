import { inlineScriptHashes } from '@/lib/platform/pages/prerendered-pages';
import { withScriptsAfterContent } from '@/deploy/scripts-after-content';

// The head and body of a prerendered page as Next 16 writes them (abridged).
const PRELOAD = '<link rel="preload" as="script" fetchPriority="low" href="/login/_next/static/chunks/1_f2.js"/>';
const FILES = ['a', 'b', 'turbopack-c'].map((name) => `<script src="/login/_next/static/chunks/${name}.js" async=""></script>`);
const POLYFILLS = '<script src="/login/_next/static/chunks/p.js" noModule=""></script>';
const ICON = '<link rel="icon" href="/login/icon.svg" sizes="any" type="image/svg+xml"/>';
const INLINE = ['<script>(self.__next_f=self.__next_f||[]).push([0])</script>', '<script>self.__next_f.push([1,"0:{}\\n"])</script>'];
const page =
  `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>${PRELOAD}<style data-href="/x.css">main{}</style>${FILES.join('')}<meta name="theme-color" content="#016ff6"/>${ICON}${POLYFILLS}</head>`
  + `<body><main><h1>Sign in</h1><p>Book your desk.</p></main>${INLINE.join('')}</body></html>`;

describe('the script files of a prerendered page', () => {
  it('come after its content, in the order Next wrote them, and the head keeps everything else', () => {
    const { html, moved } = withScriptsAfterContent(page);
    const head = html.slice(html.indexOf('<head>'), html.indexOf('</head>'));
    expect(moved).toBe(5);
    expect(head).not.toMatch(/<script\b[^>]*\bsrc=|as="script"/);
    // The control: the same reading finds them in the page as Next wrote it.
    expect(page.slice(0, page.indexOf('</head>'))).toMatch(/<script\b[^>]*\bsrc=/);
    expect(head).toContain(ICON);
    expect(head).toContain('<style data-href="/x.css">main{}</style>');
    expect(html.indexOf('</main>')).toBeLessThan(html.indexOf(FILES[0]!));
    expect(html.endsWith(`${INLINE.join('')}${PRELOAD}${FILES.join('')}${POLYFILLS}</body></html>`)).toBe(true);
  });

  it('leave every inline script where it was, so the policy admits the same hashes', () => {
    const { html } = withScriptsAfterContent(page);
    expect(inlineScriptHashes(html)).toEqual(inlineScriptHashes(page));
    expect(inlineScriptHashes(html)).toHaveLength(2);
  });

  it('are moved once: a page already rewritten, or one without script files in its head, stays as it is', () => {
    const once = withScriptsAfterContent(page).html;
    expect(withScriptsAfterContent(once)).toEqual({ html: once, moved: 0 });
    const plain = '<html><head><title>x</title></head><body><p>x</p></body></html>';
    expect(withScriptsAfterContent(plain)).toEqual({ html: plain, moved: 0 });
  });
});
