import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import ts from 'typescript';
import { documentToJsx, fragmentToJsx, markupFloorFiles, parseMarkup, reactPropName, styleObject, type MarkupNode } from '@/bench/markup-floor';

/**
 * The markup floor (bench/markup-floor.ts) turns the app's production HTML into static JSX for a
 * bare Next.js page. What that JSX renders must be the markup it came from: same elements,
 * attributes and text, whatever React's spelling of them.
 */

/** Compiles generated JSX as Next would (automatic runtime) and runs it as a CommonJS module. */
function runModule(source: string): Record<string, unknown> {
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { jsx: ts.JsxEmit.ReactJSX, module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  });
  const commonJsModule = { exports: {} as Record<string, unknown> };
  const load = (id: string): unknown => {
    if (id === 'next/server') return { connection: async () => undefined };
    if (id.endsWith('.css')) return {};
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the generated module's own imports
    return require(id);
  };
  new Function('require', 'module', 'exports', outputText)(load, commonJsModule, commonJsModule.exports);
  return commonJsModule.exports;
}

function renderFragment(jsx: string): string {
  const { default: Fragment } = runModule(`export default function Fragment() { return (${jsx}); }`) as { default: () => ReactElement };
  return renderToStaticMarkup(createElement(Fragment));
}

/**
 * Markup in a comparable form: tags and attribute names lowercased, attributes sorted, entities
 * decoded, boolean attributes without a value, style declarations normalised; scripts, preloads
 * and comments (what the conversion drops, or React adds) left out.
 */
function canonical(html: string): string {
  const dropped = (node: MarkupNode) =>
    node.kind === 'element' &&
    (node.name === 'script' || (node.name === 'link' && /preload/.test(node.attributes.find(([name]) => name.toLowerCase() === 'rel')?.[1] ?? '')));
  const kept = (nodes: MarkupNode[]) =>
    nodes
      .filter((node) => !dropped(node))
      .reduce<MarkupNode[]>((merged, node) => {
        const last = merged.at(-1);
        if (node.kind === 'text' && last?.kind === 'text') merged[merged.length - 1] = { kind: 'text', text: last.text + node.text };
        else merged.push(node);
        return merged;
      }, []);
  const serialise = (nodes: MarkupNode[]): string =>
    kept(nodes)
      .map((node) => {
        if (node.kind === 'text') return JSON.stringify(node.text);
        const attributes = node.attributes
          .map(([name, value]): [string, string] => {
            const lower = name.toLowerCase();
            if (lower === 'style') return [lower, Object.entries(styleObject(value)).map(([property, declared]) => `${property}:${declared}`).join(';')];
            if (BOOLEAN.has(lower)) return [lower, ''];
            return [lower, value];
          })
          .filter(([name]) => name !== 'nonce')
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([name, value]) => ` ${name}=${JSON.stringify(value)}`)
          .join('');
        return `<${node.name}${attributes}>${serialise(node.children)}</${node.name}>`;
      })
      .join('');
  return serialise(parseMarkup(html));
}
const BOOLEAN = new Set(['hidden', 'required', 'disabled', 'checked', 'selected', 'novalidate', 'async', 'multiple', 'readonly', 'autofocus']);

const SAMPLE = `<div class="page" data-screen="login" style="margin-top: 4px; --accent: #016ff6; -webkit-line-clamp: 2">
  <form novalidate="" action="" method="POST" enctype="multipart/form-data" class="mt-6">
    <input type="hidden" name="$ACTION_1:0" value="{&quot;id&quot;:&quot;70767af4&quot;,&quot;bound&quot;:&quot;$@1&quot;}"/>
    <label for="email" class="block">Work e-mail &amp; more</label>
    <input id="email" name="email" type="email" inputmode="email" autocomplete="email" autocapitalize="none" spellcheck="false" required="" placeholder="name@company.com" value="" aria-invalid="false" aria-describedby="email-error">
    <input type="checkbox" name="remember" checked disabled tabindex="-1">
    <select name="language"><option value="en">English</option><option value="de" selected>Deutsch</option></select>
    <textarea name="note" readonly maxlength="20">Line one &lt;b&gt; not bold</textarea>
    <button type="submit" aria-disabled="true" class="btn">Send {curly} &quot;quoted&quot; &#x27;link&#39;&nbsp;now</button>
    <script nonce="abc">self.__next_f.push([1, "payload"])</script>
  </form>
  <!--$--><p hidden="">Hidden&hellip; text &copy; 2026 — ünïcödé &lt;/p&gt;</p><!--/$-->
  <svg viewBox="0 0 48 48" class="size-5" aria-hidden="true" xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">
    <defs><linearGradient id="g" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="#fff"/></linearGradient></defs>
    <path fill="url(#g)" fill-rule="evenodd" stroke-width="2" stroke-linecap="round" d="M24 9.5c3.5 0 6.6 1.2 9 3.5z"></path>
    <use xlink:href="#g" clip-path="url(#c)"></use>
  </svg>
  <img src="/login/logo.svg" alt="" width="40" height="40"><br>
  <a href="/login/de" hreflang="de" lang="de" aria-current="page">Deutsch</a>
</div>`;

describe('markup floor conversion', () => {
  it('renders a sample with forms, inputs, svg, entities and boolean attributes back to the same markup', () => {
    const jsx = fragmentToJsx(SAMPLE);
    const rendered = renderFragment(jsx);
    expect(canonical(rendered)).toBe(canonical(SAMPLE));
    // The parts React spells its own way, checked in the JSX itself.
    for (const expected of [
      'className="page"',
      'htmlFor="email"',
      'noValidate={true}',
      'encType="multipart/form-data"',
      'inputMode="email"',
      'spellCheck="false"',
      'defaultChecked={true}',
      'defaultValue="de"',
      'tabIndex="-1"',
      'viewBox="0 0 48 48"',
      'strokeWidth="2"',
      'fillRule="evenodd"',
      'xlinkHref="#g"',
      'xmlnsXlink="http://www.w3.org/1999/xlink"',
      '<linearGradient id="g" gradientUnits="userSpaceOnUse">',
      'stopColor="#fff"',
      'hrefLang="de"',
      'aria-current="page"',
      'data-screen="login"',
      '<br />',
      '"--accent":"#016ff6"',
      '"WebkitLineClamp":"2"',
      '{"Send {curly} \\"quoted\\" \'link\'\\u00a0now"}'.replace('\\u00a0', '\u00a0'),
    ]) {
      expect(jsx).toContain(expected);
    }
    // Scripts and comments are the framework's: dropped.
    expect(jsx).not.toContain('script');
    expect(jsx).not.toContain('__next_f');
  });

  it('names React props as React does', () => {
    expect(reactPropName('class')).toBe('className');
    expect(reactPropName('for')).toBe('htmlFor');
    expect(reactPropName('stroke-width')).toBe('strokeWidth');
    expect(reactPropName('viewbox')).toBe('viewBox');
    expect(reactPropName('xml:space')).toBe('xmlSpace');
    expect(reactPropName('aria-labelledby')).toBe('aria-labelledby');
    expect(reactPropName('data-test-id')).toBe('data-test-id');
    expect(styleObject('-ms-transform: none; color : red;')).toEqual({ msTransform: 'none', color: 'red' });
  });

  it('turns a document into a layout and a dynamic page: lang, title and meta as metadata, stylesheets collected, scripts and the RSC payload dropped', async () => {
    const html =
      '<!DOCTYPE html><html lang="de"><head><meta charSet="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/>' +
      '<link rel="stylesheet" href="/login/_next/static/chunks/app.css" nonce="n" data-precedence="next"/>' +
      '<link rel="preload" as="script" fetchPriority="low" href="/login/_next/static/chunks/a.js"/>' +
      '<script src="/login/_next/static/chunks/b.js" async="" nonce="n"></script>' +
      '<meta name="theme-color" content="#016ff6"/><title>Anmelden · Desk Booking</title>' +
      '<meta name="description" content="Melden Sie sich an &amp; buchen Sie."/><meta name="robots" content="noindex, nofollow"/>' +
      '<link rel="icon" href="/login/icon.svg" type="image/svg+xml"/></head>' +
      '<body class="antialiased"><div hidden=""><!--$--><!--/$--></div><main><h1>Anmelden</h1><svg><title>Logo</title></svg></main>' +
      '<script nonce="n">(self.__next_f=self.__next_f||[]).push([0])</script></body></html>';
    const document = documentToJsx(html);
    expect(document.metadata).toEqual({ title: 'Anmelden · Desk Booking', description: 'Melden Sie sich an & buchen Sie.', robots: 'noindex, nofollow' });
    expect(document.viewport).toEqual({ width: 'device-width', initialScale: 1, themeColor: '#016ff6' });
    expect(document.stylesheets).toEqual(['/login/_next/static/chunks/app.css']);

    const files = markupFloorFiles(document, { pagePath: 'de', stylesheet: 'app.css', source: 'a test' });
    expect(Object.keys(files).sort()).toEqual(['app/de/page.jsx', 'app/layout.jsx']);
    expect(files['app/de/page.jsx']).toContain('await connection()');
    expect(files['app/layout.jsx']).toContain("import './app.css';");

    const layout = runModule(files['app/layout.jsx']!) as { default: (props: { children: ReactElement }) => ReactElement; metadata: unknown };
    const page = runModule(files['app/de/page.jsx']!) as { default: () => Promise<ReactElement> };
    expect(layout.metadata).toEqual(document.metadata);
    const rendered = renderToStaticMarkup(layout.default({ children: await page.default() }));
    // React writes the <head> Next fills with the metadata.
    expect(rendered).toBe('<html lang="de"><head></head><body class="antialiased"><main><h1>Anmelden</h1><svg><title>Logo</title></svg></main></body></html>');
  });
});
