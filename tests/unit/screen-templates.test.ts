/** @jest-environment jsdom */
import { asPageRoute, fillTemplate, flightString, htmlText, inFlightScript, splitTemplate } from '@/lib/platform/pages/screen-templates';

/**
 * Screens served from a template (lib/platform/pages/screen-templates.ts): a value an attacker
 * chose is written into the three places a template marks, and must stay that value in each,
 * as an HTML parser and the page's own script read it, never markup or code of its own.
 */

const SENTINEL = 'screentemplatesentinel';

// One place of each kind, as Next writes them: text, an attribute, and a Flight row in the JavaScript
// string literal of an inline script (JSON inside JSON, Next's escapes). A hole's sentinel takes
// in what tells its place from the others, as the screens' holes do.
const template = [
  '<!DOCTYPE html><html><head></head><body>',
  `<p id="text">${htmlText(SENTINEL)}</p>`,
  `<a id="link" href="/login/en" title="${htmlText(SENTINEL)}">x</a>`,
  `<script>(self.__next_f=self.__next_f||[]).push([0])</script>`,
  `<script>self.__next_f.push([1,"${inFlightScript(`5:["$","span",null,{"children":${flightString(SENTINEL)}}]\n`)}"])</script>`,
  '</body></html>',
].join('');

const split = splitTemplate(template, {
  text: { sentinel: `<p id="text">${htmlText(SENTINEL)}</p>`, occurrences: 1 },
  attribute: { sentinel: `title="${htmlText(SENTINEL)}"`, occurrences: 1 },
  flight: { sentinel: inFlightScript(flightString(SENTINEL)), occurrences: 1 },
})!;

function filledWith(value: string) {
  return fillTemplate(split, { text: `<p id="text">${htmlText(value)}</p>`, attribute: `title="${htmlText(value)}"`, flight: inFlightScript(flightString(value)) });
}

/** What the browser makes of a filled page: the text, the attribute, the Flight string React reads, and every element. */
function asBrowserReadsIt(html: string) {
  const document = new DOMParser().parseFromString(html, 'text/html');
  const scripts = [...document.querySelectorAll('script')];
  const pushed: unknown[][] = [];
  const self = { __next_f: { push: (chunk: unknown[]) => pushed.push(chunk) } as unknown };
  // The scripts as a browser would run them, with only `self` to write to.
  for (const script of scripts.slice(1)) new Function('self', script.textContent ?? '')(self);
  const row = String(pushed.find((chunk) => chunk[0] === 1)?.[1] ?? '');
  const model = JSON.parse(row.slice(row.indexOf(':') + 1)) as [string, string, null, { children: string }];
  const flight = model[3].children;
  return {
    text: document.querySelector('#text')?.textContent,
    attribute: document.querySelector('#link')?.getAttribute('title'),
    // React Flight reads a string that starts with `$$` as one `$` less.
    flight: flight.startsWith('$$') ? flight.slice(1) : flight,
    elements: [...document.querySelectorAll('*')].map((element) => element.tagName).join(' '),
    scripts: scripts.length,
  };
}

const HOSTILE = [
  '</p><script>alert(1)</script>',
  '" onmouseover="alert(1)',
  "' onfocus='alert(1)",
  '</script><script>alert(1)</script>',
  '"])</script><img src=x onerror=alert(1)>',
  '\\"]);alert(1);//',
  '$L1',
  '$$',
  '$@1',
  '&amp;&lt;&#x27;',
  'line\u2028separator\u2029paragraph',
  '\u202eevil.com\u202c@acme.test',
  'anna 👩‍💻 @acme.test',
  '<!--',
  '<![CDATA[',
  `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}`,
  'anna@xn--mller-kva.de',
  'anna@müller.de',
];

describe('a screen filled from its template', () => {
  const harmless = asBrowserReadsIt(filledWith('anna@acme.test')!.html);

  it('reads, as the control, a harmless address back from every place', () => {
    expect(harmless).toMatchObject({ text: 'anna@acme.test', attribute: 'anna@acme.test', flight: 'anna@acme.test', scripts: 2 });
  });

  it.each(HOSTILE)('carries %j as that text in every place, and adds no element nor script', (value) => {
    const filled = filledWith(value);
    expect(filled).toBeDefined();
    const read = asBrowserReadsIt(filled!.html);
    expect(read).toEqual({ ...harmless, text: value, attribute: value, flight: value });
  });

  it('admits exactly the filled scripts by their hashes, and another value gets other hashes', () => {
    const anna = filledWith('anna@acme.test')!;
    const ben = filledWith('ben@acme.test')!;
    expect(anna.inlineHashes).toHaveLength(2);
    expect(anna.inlineHashes[0]).toBe(ben.inlineHashes[0]);
    expect(anna.inlineHashes[1]).not.toBe(ben.inlineHashes[1]);
    expect(anna.etag).not.toBe(ben.etag);
  });

  it('refuses a fill that would open or close a script, whichever writer wrote it', () => {
    expect(fillTemplate(split, { text: '<p><script>alert(1)</script></p>', attribute: 'title="x"', flight: 'x' })).toBeUndefined();
    expect(fillTemplate(split, { text: 'x', attribute: 'title="x"', flight: '</script><p>' })).toBeUndefined();
    // The control: the same writers with escaped values fill.
    expect(fillTemplate(split, { text: htmlText('<script>alert(1)</script>'), attribute: 'title="x"', flight: inFlightScript('</script><p>') })).toBeDefined();
  });

  it('uses no template in which a sentinel is missing, doubled or overlaps another', () => {
    expect(splitTemplate(template, { text: { sentinel: 'not there', occurrences: 1 } })).toBeUndefined();
    expect(splitTemplate(template, { text: { sentinel: htmlText(SENTINEL), occurrences: 1 } })).toBeUndefined();
    expect(splitTemplate(template, { a: { sentinel: `title="${SENTINEL}`, occurrences: 1 }, b: { sentinel: `${SENTINEL}"`, occurrences: 1 } })).toBeUndefined();
    expect(splitTemplate(template, { text: { sentinel: `<p id="text">${SENTINEL}`, occurrences: 1 } })).toBeDefined();
  });
});

describe('a template as the page it stands for', () => {
  // The route tree's rows as Next 16.4 writes them in a template's Flight payload (the mail-sent
  // view's, `/en/as-template/mail-sent/now`, shortened to what the tree needs).
  const rows = [
    '10:[["children",{"s":"__PAGE__","h":512,"d":{"r":"$L11","p":false,"v":null}}]]',
    'e:[["children",{"s":{"n":"variant","t":"d","k":"now","s":[]},"h":66048,"d":{"r":"$Lf","p":false,"v":"$b"},"c":"$Q10"}]]',
    'c:[["children",{"s":"mail-sent","h":131584,"d":{"r":"$Ld","p":false,"v":"$b"},"c":"$Qe"}]]',
    '9:[["children",{"s":"as-template","h":131584,"d":{"r":"$La","p":false,"v":"$b"},"c":"$Qc"}]]',
    '5:[["children",{"s":{"n":"lang","t":"d","k":"en","s":["api","locale","sso"]},"h":197120,"d":{"r":null,"p":false,"v":null},"c":"$Q9"}]]',
    '0:{"P":null,"c":["","en","as-template","mail-sent","now"],"q":"","i":false,"t":{"t":{"s":"","h":131600,"d":{"r":null,"p":false,"v":null},"c":"$Q5"}}}',
  ];
  const html = (payload: string[]) => `<html><body><script>self.__next_f.push([1,"${inFlightScript(`${payload.join('\n')}\n`)}"])</script></body></html>`;
  const asPage = (payload: string[]) =>
    asPageRoute(html(payload), ['', 'en', 'as-template', 'mail-sent', 'now'], [{ folder: 'as-template' }, { parameter: 'variant' }], ['', 'en', 'mail-sent']);

  /** The tree the browser's router builds: each row's segment, following `"c"` from the root row. */
  function treeOf(page: string): unknown[] {
    const literal = /push\(\[1,("(?:[^"\\]|\\.)*")\]\)/.exec(page)![1]!;
    const byId = new Map<string, { s: unknown; c?: string }>();
    let root: { c: string[]; t: { t: { c: string } } } | undefined;
    for (const line of (JSON.parse(literal) as string).split('\n').filter(Boolean)) {
      const [, id, json] = /^([0-9a-z]+):(.*)$/.exec(line)!;
      if (id === '0') root = JSON.parse(json!);
      else byId.set(id!, (JSON.parse(json!) as [[string, { s: unknown; c?: string }]])[0][1]);
    }
    const segments: unknown[] = [root!.c];
    for (let next = root!.t.t.c; next; ) {
      const row = byId.get(next.slice(2))!;
      segments.push(typeof row.s === 'string' ? row.s : (row.s as { k: string }).k);
      next = row.c ?? '';
    }
    return segments;
  }

  it('holds the page’s own route, without the template’s folder or variant', () => {
    expect(treeOf(html(rows))).toEqual([['', 'en', 'as-template', 'mail-sent', 'now'], 'en', 'as-template', 'mail-sent', 'now', '__PAGE__']);
    expect(treeOf(asPage(rows)!)).toEqual([['', 'en', 'mail-sent'], 'en', 'mail-sent', '__PAGE__']);
  });

  it('is not made from a payload that reads otherwise: the screen is then rendered per request', () => {
    expect(asPage(rows.filter((row) => !row.startsWith('9:')))).toBeUndefined();
    expect(asPage([...rows, rows[3]!.replace('9:', '99:')])).toBeUndefined();
    expect(asPage(rows.map((row) => row.replace('"c":"$Qe"', '"c":"$Le"')))).toBeUndefined();
    expect(asPage(rows.map((row) => row.replace('"now"]', '"later"]')))).toBeUndefined();
  });

  it('skips template-only segments that follow each other, as the login page with a message has them', () => {
    // `/en/as-template/login-message/error.none`, the page of `/en` itself.
    const consecutive = [
      rows[0]!,
      rows[1]!.replace('"k":"now"', '"k":"error.none"'),
      rows[2]!.replace('"s":"mail-sent"', '"s":"login-message"'),
      ...rows.slice(3, 5),
      rows[5]!.replace('"mail-sent","now"]', '"login-message","error.none"]'),
    ];
    const templatePath = ['', 'en', 'as-template', 'login-message', 'error.none'];
    const page = asPageRoute(html(consecutive), templatePath, [{ folder: 'as-template' }, { folder: 'login-message' }, { parameter: 'variant' }], ['', 'en']);
    expect(treeOf(page!)).toEqual([['', 'en'], 'en', '__PAGE__']);
    // The control: the template's own tree, every segment in it.
    expect(treeOf(html(consecutive))).toEqual([templatePath, 'en', 'as-template', 'login-message', 'error.none', '__PAGE__']);
  });
});
