/** @jest-environment jsdom */
import { fillTemplate, flightString, htmlText, inFlightScript, splitTemplate } from '@/lib/platform/pages/screen-templates';

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
