import { htmlEscapeJsonString } from 'next/dist/shared/lib/htmlescape.js';
import { withStylesheetOnce } from '@/deploy/stylesheet-once';

// A prerendered page as Next writes it: the stylesheet in a `<style data-href>`, and again as a
// text row (id, `T`, its UTF-8 length in hexadecimal, a comma, the text) of the inline payload.
const CSS = 'body>main{color:#14213d}a:after{content:"…"}';
const OTHER_TEXT = 'a long text the page shows';
const payloadScript = (payload: string, attributes = '') =>
  `<script${attributes}>self.__next_f.push(${htmlEscapeJsonString(JSON.stringify([1, payload]))})</script>`;
const textRow = (id: string, text: string) => `${id}:T${Buffer.byteLength(text, 'utf8').toString(16)},${text}`;
const page = (payload: string, css = CSS) =>
  `<html><head><style data-precedence="next" data-href="/login/_next/static/chunks/a.css">${css}</style></head><body>`
  + `<script>(self.__next_f=self.__next_f||[]).push([0])</script>${payloadScript(payload)}</body></html>`;

/** The text rows of a payload, read as React's client reads them: by their length in bytes. */
function textRows(payload: string): Map<string, string> {
  const bytes = Buffer.from(payload, 'utf8');
  const rows = new Map<string, string>();
  let index = 0;
  while (index < bytes.length) {
    const colon = bytes.indexOf(':', index);
    const id = bytes.subarray(index, colon).toString('utf8');
    if (bytes[colon + 1] === 'T'.charCodeAt(0)) {
      const comma = bytes.indexOf(',', colon);
      const length = Number.parseInt(bytes.subarray(colon + 2, comma).toString('utf8'), 16);
      rows.set(id, bytes.subarray(comma + 1, comma + 1 + length).toString('utf8'));
      index = comma + 1 + length;
    } else {
      index = bytes.indexOf('\n', colon) + 1;
    }
  }
  return rows;
}
const payloadOf = (html: string) =>
  [...html.matchAll(/self\.__next_f\.push\((\[1,.*?\])\)<\/script>/g)].map(([, argument = '']) => (JSON.parse(argument) as [1, string])[1]).join('');

describe('a prerendered page carries its stylesheet once', () => {
  const payload = `1:"$Sreact.fragment"\n${textRow('6', CSS)}${textRow('7', OTHER_TEXT)}0:["$","style",null,{"href":"/a.css","children":"$6"}]\n`;

  it('keeps the <style> and empties the payload\'s copy, so the rows after it read as before', () => {
    const { html, removedBytes } = withStylesheetOnce(page(payload));
    expect(html).toContain(`>${CSS}</style>`);
    expect(removedBytes).toBe(Buffer.byteLength(CSS, 'utf8'));
    const rows = textRows(payloadOf(html));
    expect(rows.get('6')).toBe('');
    expect(rows.get('7')).toBe(OTHER_TEXT);
    expect(payloadOf(html)).toContain('0:["$","style",null,{"href":"/a.css","children":"$6"}]');
    // The control: the page as Next wrote it reads the stylesheet from that row.
    expect(textRows(payloadOf(page(payload))).get('6')).toBe(CSS);
  });

  it('writes the script as Next does, with its attributes, and leaves a page without a copy as it was', () => {
    const { html } = withStylesheetOnce(page(payload).replace('<script>self', '<script id="x">self'));
    expect(html).toContain(payloadScript(`1:"$Sreact.fragment"\n6:T0,${textRow('7', OTHER_TEXT)}0:["$","style",null,{"href":"/a.css","children":"$6"}]\n`, ' id="x"'));
    const withoutStylesheet = `<html><body>${payloadScript(payload)}</body></html>`;
    expect(withStylesheetOnce(withoutStylesheet)).toEqual({ html: withoutStylesheet, removedBytes: 0 });
  });

  it('stops the build when a stylesheet has no copy in the payload: Next then writes pages differently', () => {
    const elsewhere = page(`1:"$Sreact.fragment"\n${textRow('7', OTHER_TEXT)}`);
    expect(() => withStylesheetOnce(elsewhere)).toThrow(/no copy in its payload/);
    const changed = page(payload, `${CSS} `);
    expect(() => withStylesheetOnce(changed)).toThrow(/no copy in its payload/);
  });
});
