import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import IntlMessageFormat from 'intl-messageformat';
import en from '@/messages/en.json';

/**
 * docs/product.md quotes the screens' words, which live in messages/en.json (issue 35, item 12).
 * The convention: text in "double quotes" in product.md is what a person reads, and is a message
 * of messages/en.json or part of one. In a quote, a leading or trailing "…" stands for words left
 * out ("This name cannot be used…"); a message's placeholder stands for any words ("You can try
 * again in 27 s."). Anything else that is quoted (a character, a typed example, a pattern) goes
 * in `code`, never in double quotes.
 */

type Dictionary = Record<string, Record<string, string>>;

/** The part of intl-messageformat's syntax tree that is read here. */
type Element = { type: number; value?: string; children?: Element[]; options?: Record<string, { value: Element[] }> };
const LITERAL = 0;
const SELECT = 5;
const PLURAL = 6;
const TAG = 8;

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** An empty tag, e.g. `<email></email>`: the page puts a value there, as in a placeholder. */
function isSlot(element: Element): boolean {
  return element.type === TAG && (element.children ?? []).length === 0;
}

/** A pattern of what the message can read as: placeholders match any words, a tag its content. */
function pattern(elements: Element[]): string {
  return elements
    .map((element) => {
      if (element.type === LITERAL) return escaped(element.value ?? '');
      if (element.type === TAG && !isSlot(element)) return pattern(element.children ?? []);
      if (element.type === SELECT || element.type === PLURAL) {
        return `(?:${Object.values(element.options ?? {}).map((option) => pattern(option.value)).join('|')})`;
      }
      return '.+?';
    })
    .join('');
}

/** One reading of the message, each placeholder read as "x": where a left-out part may be cut. */
function reading(elements: Element[]): string {
  return elements
    .map((element) => {
      if (element.type === LITERAL) return element.value ?? '';
      if (element.type === TAG && !isSlot(element)) return reading(element.children ?? []);
      if (element.type === SELECT || element.type === PLURAL) return reading(Object.values(element.options ?? {})[0]?.value ?? []);
      return 'x';
    })
    .join('');
}

type Message = { key: string; pattern: RegExp; reading: string };

function messagesOf(dictionary: Dictionary): Message[] {
  return Object.entries(dictionary).flatMap(([namespace, messages]) =>
    Object.entries(messages).map(([name, text]) => {
      const elements = new IntlMessageFormat(text, 'en', undefined, { ignoreTag: false }).getAst() as unknown as Element[];
      return { key: `${namespace}.${name}`, pattern: new RegExp(`^(?:${pattern(elements)})$`, 'su'), reading: reading(elements) };
    }),
  );
}

/** "…" at either end of a quote: words of the message's reading left out there. */
function quotes(message: Message, quote: string): boolean {
  if (message.pattern.test(quote)) return true;
  const leftOutBefore = quote.startsWith('…');
  const leftOutAfter = quote.endsWith('…');
  const core = quote.slice(leftOutBefore ? 1 : 0, leftOutAfter ? -1 : undefined).trim();
  const { reading } = message;
  const befores = leftOutBefore ? [...reading].map((_, index) => reading.slice(0, index)) : [''];
  const afters = leftOutAfter ? [...reading].map((_, index) => reading.slice(index + 1)) : [''];
  return (leftOutBefore || leftOutAfter) && befores.some((before) => afters.some((after) => message.pattern.test(`${before}${core}${after}`)));
}

/** The double-quoted text of a Markdown document, code spans left out, line breaks read as spaces. */
function quotedText(markdown: string): string[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '').replace(/\s*\n\s*/g, ' ');
  return [...prose.matchAll(/"([^"]+)"/g)].map((match) => match[1]!);
}

function staleQuotes(markdown: string, dictionary: Dictionary): string[] {
  const messages = messagesOf(dictionary);
  return quotedText(markdown).filter((quote) => !messages.some((message) => quotes(message, quote)));
}

const productPage = readFileSync(join(process.cwd(), 'docs/product.md'), 'utf8');

describe('docs/product.md', () => {
  it('finds the quotes (the check reads the real page)', () => {
    expect(quotedText(productPage).length).toBeGreaterThan(50);
    expect(quotedText(productPage)).toEqual(expect.arrayContaining(['Send sign-in link', 'This name cannot be used…']));
  });

  it('quotes only words of messages/en.json', () => {
    expect(staleQuotes(productPage, en)).toEqual([]);
  });

  it('a message changed in messages/en.json leaves its quotes stale, and only those', () => {
    // Derived, not listed: the quotes that, among the shipped messages, only the changed one reads as.
    const shipped = messagesOf(en);
    const readers = new Map(quotedText(productPage).map((quote) => [quote, shipped.filter((message) => quotes(message, quote)).map((message) => message.key)]));
    const quotedOnlyBy = (keys: string[]) =>
      quotedText(productPage).filter((quote) => readers.get(quote)!.length > 0 && readers.get(quote)!.every((key) => keys.includes(key)));
    const changedKeys = shipped.map((message) => message.key).filter((key) => quotedOnlyBy([key]).length > 0).slice(0, 2);
    expect(changedKeys).toHaveLength(2);

    const changed: Dictionary = structuredClone(en);
    for (const key of changedKeys) {
      const [namespace = '', name = ''] = key.split('.');
      changed[namespace]![name] = `Reworded: ${changed[namespace]![name]}`;
    }
    const expected = quotedOnlyBy(changedKeys);
    expect(expected.length).toBeGreaterThanOrEqual(2);
    expect(staleQuotes(productPage, changed)).toEqual(expected);
  });

  it.each([
    ['a whole message', 'Please enter your name.', true],
    ['a value in an empty tag', 'You were invited to join acme. …', true],
    ['a placeholder read as words', 'You can try again in 27 s.', true],
    ['a plural', 'That is not the code. 4 more tries.', true],
    ['words left out after', 'This name cannot be used…', true],
    ['words left out before', '… 2 minutes ago.', true],
    ['a message ending in "…" itself', 'Checking your sign-in link…', true],
    ['words no message has', 'Please enter your full name.', false],
    ['a part that is not at either end', 'enter your name', false],
  ])('%s: "%s" is quoted from a message: %s', (_case, quote, expected) => {
    expect(staleQuotes(`"${quote}"`, en)).toEqual(expected ? [] : [quote]);
  });
});
