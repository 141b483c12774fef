// The markup floor (issue 14): the app's own production HTML of a screen, turned into static JSX
// and rendered per request by a bare Next.js app of the same version. Against it, the app's
// server time shows what its own machinery costs beyond rendering that much DOM.
//
// The conversion keeps what a browser renders (elements, attributes, text) and drops what Next
// adds by itself (scripts, the inline React Server Components payload, preloads, the nonce, the
// metadata outlet); the document's title and named meta tags become Next metadata, its
// stylesheets are fetched by the bench and imported by the layout, as the app's are.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Parser } from 'htmlparser2';
import { BARE_NEXT_DIRECTORY, buildBareNextCopy, MARKUP_FLOOR_DIRECTORY, MARKUP_FLOOR_STANDALONE } from './bare-next.ts';

export type MarkupElement = { kind: 'element'; name: string; attributes: [string, string][]; children: MarkupNode[] };
export type MarkupText = { kind: 'text'; text: string };
export type MarkupNode = MarkupElement | MarkupText;

/** Elements with entities decoded, comments dropped; adjacent text merged. */
export function parseMarkup(html: string): MarkupNode[] {
  const root: MarkupElement = { kind: 'element', name: '#root', attributes: [], children: [] };
  const stack: MarkupElement[] = [root];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const element: MarkupElement = { kind: 'element', name, attributes: Object.entries(attributes), children: [] };
        stack.at(-1)?.children.push(element);
        stack.push(element);
      },
      onclosetag() {
        if (stack.length > 1) stack.pop();
      },
      ontext(text) {
        const siblings = stack.at(-1)?.children;
        const last = siblings?.at(-1);
        if (last?.kind === 'text') last.text += text;
        else siblings?.push({ kind: 'text', text });
      },
    },
    // Tag names lowercased (SVG_TAG_OF restores SVG's); attribute names as written (React writes
    // `viewBox`, `noValidate`), looked up regardless of case.
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: false },
  );
  parser.write(html);
  parser.end();
  return root.children;
}

// React's prop names where they differ from the lowercase HTML or SVG attribute name.
const REACT_NAMES = [
  'acceptCharset', 'accessKey', 'allowFullScreen', 'autoCapitalize', 'autoComplete', 'autoCorrect', 'autoFocus', 'autoPlay',
  'autoSave', 'cellPadding', 'cellSpacing', 'charSet', 'classID', 'className', 'colSpan', 'contentEditable', 'contextMenu',
  'controlsList', 'crossOrigin', 'dateTime', 'disablePictureInPicture', 'disableRemotePlayback', 'encType', 'enterKeyHint',
  'fetchPriority', 'formAction', 'formEncType', 'formMethod', 'formNoValidate', 'formTarget', 'frameBorder', 'hrefLang',
  'htmlFor', 'httpEquiv', 'imageSizes', 'imageSrcSet', 'inputMode', 'itemID', 'itemProp', 'itemRef', 'itemScope', 'itemType',
  'marginHeight', 'marginWidth', 'maxLength', 'mediaGroup', 'minLength', 'noModule', 'noValidate', 'playsInline',
  'popoverTarget', 'popoverTargetAction', 'radioGroup', 'readOnly', 'referrerPolicy', 'rowSpan', 'spellCheck', 'srcDoc',
  'srcLang', 'srcSet', 'tabIndex', 'useMap',
  // SVG
  'allowReorder', 'attributeName', 'attributeType', 'autoReverse', 'baseFrequency', 'baseProfile', 'calcMode',
  'clipPathUnits', 'contentScriptType', 'contentStyleType', 'diffuseConstant', 'edgeMode', 'externalResourcesRequired',
  'filterRes', 'filterUnits', 'glyphRef', 'gradientTransform', 'gradientUnits', 'kernelMatrix', 'kernelUnitLength',
  'keyPoints', 'keySplines', 'keyTimes', 'lengthAdjust', 'limitingConeAngle', 'markerHeight', 'markerUnits', 'markerWidth',
  'maskContentUnits', 'maskUnits', 'numOctaves', 'pathLength', 'patternContentUnits', 'patternTransform', 'patternUnits',
  'pointsAtX', 'pointsAtY', 'pointsAtZ', 'preserveAlpha', 'preserveAspectRatio', 'primitiveUnits', 'refX', 'refY',
  'repeatCount', 'repeatDur', 'requiredExtensions', 'requiredFeatures', 'specularConstant', 'specularExponent',
  'spreadMethod', 'startOffset', 'stdDeviation', 'stitchTiles', 'surfaceScale', 'systemLanguage', 'tableValues', 'targetX',
  'targetY', 'textLength', 'viewBox', 'viewTarget', 'xChannelSelector', 'yChannelSelector', 'zoomAndPan',
];
const REACT_NAME_OF = new Map<string, string>([
  ...REACT_NAMES.map((name) => [name.toLowerCase(), name] as [string, string]),
  ['class', 'className'],
  ['for', 'htmlFor'],
]);

/** React's boolean props: present in HTML means `true`, whatever the value. */
const BOOLEAN_PROPS = new Set([
  'allowFullScreen', 'async', 'autoFocus', 'autoPlay', 'controls', 'default', 'defer', 'disabled', 'disablePictureInPicture',
  'disableRemotePlayback', 'formNoValidate', 'hidden', 'inert', 'itemScope', 'loop', 'multiple', 'muted', 'noModule',
  'noValidate', 'open', 'playsInline', 'readOnly', 'required', 'reversed', 'scoped', 'seamless', 'checked', 'selected',
]);

/** The parser lowercases tag names; SVG's mixed-case ones must be written as SVG spells them. */
const SVG_TAG_OF = new Map(
  [
    'altGlyph', 'altGlyphDef', 'altGlyphItem', 'animateColor', 'animateMotion', 'animateTransform', 'clipPath', 'feBlend',
    'feColorMatrix', 'feComponentTransfer', 'feComposite', 'feConvolveMatrix', 'feDiffuseLighting', 'feDisplacementMap',
    'feDistantLight', 'feDropShadow', 'feFlood', 'feFuncA', 'feFuncB', 'feFuncG', 'feFuncR', 'feGaussianBlur', 'feImage',
    'feMerge', 'feMergeNode', 'feMorphology', 'feOffset', 'fePointLight', 'feSpecularLighting', 'feSpotLight', 'feTile',
    'feTurbulence', 'foreignObject', 'glyphRef', 'linearGradient', 'radialGradient', 'textPath',
  ].map((name) => [name.toLowerCase(), name]),
);

/** Children React refuses whitespace text in (hydration errors). */
const NO_WHITESPACE_TEXT = new Set(['html', 'head', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'colgroup', 'select', 'optgroup']);

function camelCase(name: string): string {
  return name.replace(/[-:]([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

/** The React prop for an attribute name: `class` → className, `stroke-width` → strokeWidth, `xlink:href` → xlinkHref. */
export function reactPropName(attribute: string): string {
  const lower = attribute.toLowerCase();
  if (lower.startsWith('aria-') || lower.startsWith('data-')) return lower;
  const known = REACT_NAME_OF.get(lower);
  if (known) return known;
  if (lower.includes('-') || lower.includes(':')) return camelCase(lower);
  return attribute;
}

/** `color: red; margin-top: 1px` → { color: 'red', marginTop: '1px' }; custom properties as written. */
export function styleObject(style: string): Record<string, string> {
  const declarations: Record<string, string> = {};
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim();
    const value = declaration.slice(colon + 1).trim();
    if (!property || !value) continue;
    if (property.startsWith('--')) {
      declarations[property] = value;
      continue;
    }
    const lower = property.toLowerCase();
    // Vendor prefixes as React writes them: -webkit-x → WebkitX, but -ms-x → msX.
    let name: string;
    if (lower.startsWith('-ms-')) name = camelCase(lower.slice(1));
    else if (lower.startsWith('-')) name = camelCase(lower.slice(1)).replace(/^[a-z]/, (letter) => letter.toUpperCase());
    else name = camelCase(lower);
    declarations[name] = value;
  }
  return declarations;
}

function jsxString(value: string): string {
  return `{${JSON.stringify(value)}}`;
}

/** An attribute value: a plain JSX string where nothing in it could be read otherwise. */
function jsxAttributeValue(value: string): string {
  return /^[^"&\\{}<>\n]*$/.test(value) ? `"${value}"` : jsxString(value);
}

/** The props of an element as JSX attribute text, and a default value taken from its children. */
function jsxAttributes(element: MarkupElement): string {
  const props: string[] = [];
  const tag = element.name.toLowerCase();
  for (const [attribute, value] of element.attributes) {
    const lower = attribute.toLowerCase();
    // No CSP on the floor; event handler strings are not React props.
    if (lower === 'nonce' || lower.startsWith('on')) continue;
    let name = reactPropName(attribute);
    if (name === 'style') {
      const style = styleObject(value);
      if (Object.keys(style).length > 0) props.push(`style={${JSON.stringify(style)}}`);
      continue;
    }
    // Uncontrolled, as the app's own fields are: a value without onChange would be read-only.
    if (tag === 'input' && name === 'value') name = 'defaultValue';
    if (tag === 'input' && name === 'checked') name = 'defaultChecked';
    if (tag === 'option' && name === 'selected') continue; // the select's defaultValue says it
    if (BOOLEAN_PROPS.has(name) || name === 'defaultChecked') {
      props.push(`${name}={true}`);
      continue;
    }
    props.push(`${name}=${jsxAttributeValue(value)}`);
  }
  if (tag === 'select') {
    const options = descendants(element).filter((node) => node.name.toLowerCase() === 'option');
    const valueOf = (option: MarkupElement) => option.attributes.find(([name]) => name.toLowerCase() === 'value')?.[1] ?? textOf(option);
    const selected = options.filter((option) => option.attributes.some(([name]) => name.toLowerCase() === 'selected')).map(valueOf);
    const multiple = element.attributes.some(([name]) => name.toLowerCase() === 'multiple');
    if (multiple && selected.length > 0) props.push(`defaultValue={${JSON.stringify(selected)}}`);
    else if (selected.length > 0) props.push(`defaultValue=${jsxAttributeValue(selected.at(-1)!)}`);
  }
  if (tag === 'textarea') {
    const text = textOf(element).replace(/^\n/, '');
    if (text) props.push(`defaultValue=${jsxAttributeValue(text)}`);
  }
  return props.length > 0 ? ` ${props.join(' ')}` : '';
}

function descendants(element: MarkupElement): MarkupElement[] {
  return element.children.flatMap((child) => (child.kind === 'element' ? [child, ...descendants(child)] : []));
}

function textOf(element: MarkupElement): string {
  return element.children.map((child) => (child.kind === 'text' ? child.text : textOf(child))).join('');
}

function attribute(element: MarkupElement, name: string): string | undefined {
  return element.attributes.find(([candidate]) => candidate.toLowerCase() === name)?.[1];
}

/** What Next and React put into a page by themselves, so the floor's own copies are not doubled. */
function isFrameworkOutput(element: MarkupElement): boolean {
  const tag = element.name.toLowerCase();
  if (tag === 'script') return true;
  if (tag === 'link') {
    const rel = (attribute(element, 'rel') ?? '').toLowerCase();
    return rel === 'preload' || rel === 'modulepreload' || rel === 'stylesheet' || rel === 'icon' || rel === 'apple-touch-icon';
  }
  return false;
}

/** Next's metadata outlet at the top of <body>: an empty hidden div (its Suspense markers are comments). */
function isMetadataOutlet(node: MarkupNode): boolean {
  return (
    node.kind === 'element' &&
    node.name === 'div' &&
    attribute(node, 'hidden') !== undefined &&
    node.children.every((child) => child.kind === 'text' && child.text.trim() === '')
  );
}

/** JSX for a list of nodes: every text as a string expression, so whitespace, braces and entities survive. */
export function nodesToJsx(nodes: MarkupNode[], parent = '', indent = ''): string {
  const lines: string[] = [];
  for (const node of nodes) {
    if (node.kind === 'text') {
      if (NO_WHITESPACE_TEXT.has(parent) && node.text.trim() === '') continue;
      lines.push(`${indent}${jsxString(node.text)}`);
      continue;
    }
    if (isFrameworkOutput(node)) continue;
    const tag = SVG_TAG_OF.get(node.name) ?? node.name;
    const attributes = jsxAttributes(node);
    const lowerTag = node.name;
    if (lowerTag === 'textarea') {
      lines.push(`${indent}<${tag}${attributes} />`);
      continue;
    }
    if (lowerTag === 'style') {
      lines.push(`${indent}<${tag}${attributes} dangerouslySetInnerHTML={{ __html: ${JSON.stringify(textOf(node))} }} />`);
      continue;
    }
    const children = nodesToJsx(node.children, lowerTag, `${indent}  `);
    lines.push(children ? `${indent}<${tag}${attributes}>\n${children}\n${indent}</${tag}>` : `${indent}<${tag}${attributes} />`);
  }
  return lines.join('\n');
}

/** An HTML fragment as one JSX expression. */
export function fragmentToJsx(html: string): string {
  const body = nodesToJsx(parseMarkup(html), '', '  ');
  return body ? `<>\n${body}\n</>` : '<></>';
}

export type MarkupFloorDocument = {
  /** JSX attribute text of <html> and <body> (lang among the first). */
  htmlAttributes: string;
  bodyAttributes: string;
  /** The children of <body> as JSX (one expression, a fragment). */
  body: string;
  /** Next metadata and viewport objects for the document's <title> and named <meta> tags. */
  metadata: { title?: string; description?: string; robots?: string; other?: Record<string, string> };
  viewport: Record<string, string | number | boolean>;
  /** Stylesheets the document links (the bench fetches them), and <style> elements' text. */
  stylesheets: string[];
  inlineStyles: string[];
};

function findElement(nodes: MarkupNode[], name: string): MarkupElement | undefined {
  for (const node of nodes) {
    if (node.kind !== 'element') continue;
    if (node.name.toLowerCase() === name) return node;
    const found = findElement(node.children, name);
    if (found) return found;
  }
  return undefined;
}

const VIEWPORT_KEYS: Record<string, string> = {
  width: 'width',
  height: 'height',
  'initial-scale': 'initialScale',
  'minimum-scale': 'minimumScale',
  'maximum-scale': 'maximumScale',
  'user-scalable': 'userScalable',
  'viewport-fit': 'viewportFit',
  'interactive-widget': 'interactiveWidget',
};

function viewportOf(content: string): Record<string, string | number | boolean> {
  const viewport: Record<string, string | number | boolean> = {};
  for (const pair of content.split(',')) {
    const [key, value] = pair.split('=').map((part) => part.trim());
    const name = key ? VIEWPORT_KEYS[key.toLowerCase()] : undefined;
    if (!name || value === undefined) continue;
    if (name === 'userScalable') viewport[name] = value !== 'no' && value !== '0';
    else if (/^\d+(\.\d+)?$/.test(value)) viewport[name] = Number(value);
    else viewport[name] = value;
  }
  return viewport;
}

/** A whole document (as the app serves it) taken apart for a Next.js layout and page. */
export function documentToJsx(html: string): MarkupFloorDocument {
  const nodes = parseMarkup(html);
  const htmlElement = findElement(nodes, 'html');
  const head = findElement(nodes, 'head');
  const body = findElement(nodes, 'body');
  if (!htmlElement || !body) throw new Error('markup floor: the document has no <html> or <body>');

  const metadata: MarkupFloorDocument['metadata'] = {};
  let viewport: MarkupFloorDocument['viewport'] = {};
  const stylesheets: string[] = [];
  const inlineStyles: string[] = [];
  // <link> and <style> that React hoisted from the body count as the head's.
  for (const element of [...(head ? descendants(head) : []), ...descendants(body)]) {
    const tag = element.name.toLowerCase();
    if (tag === 'style') inlineStyles.push(textOf(element));
    if (tag === 'link' && (attribute(element, 'rel') ?? '').toLowerCase() === 'stylesheet') {
      const href = attribute(element, 'href');
      if (href && !stylesheets.includes(href)) stylesheets.push(href);
    }
    if (tag !== 'meta') continue;
    const name = attribute(element, 'name')?.toLowerCase();
    const content = attribute(element, 'content') ?? '';
    if (!name) continue; // charset: Next writes its own
    if (name === 'description') metadata.description = content;
    else if (name === 'robots') metadata.robots = content;
    else if (name === 'viewport') viewport = { ...viewport, ...viewportOf(content) };
    else if (name === 'theme-color') viewport.themeColor = content;
    else if (name === 'color-scheme') viewport.colorScheme = content;
    else metadata.other = { ...metadata.other, [attribute(element, 'name') ?? name]: content };
  }
  // A <title> inside an SVG is the drawing's, not the document's: only the head's counts.
  const headTitle = head ? descendants(head).find((element) => element.name.toLowerCase() === 'title') : undefined;
  if (headTitle) metadata.title = textOf(headTitle);
  else delete metadata.title;

  const bodyJsx = nodesToJsx(
    body.children.filter((child) => !isMetadataOutlet(child) && !(child.kind === 'element' && child.name === 'style')),
    'body',
    '      ',
  );
  return {
    htmlAttributes: jsxAttributes(htmlElement),
    bodyAttributes: jsxAttributes(body),
    body: bodyJsx ? `<>\n${bodyJsx}\n    </>` : 'null',
    metadata,
    viewport,
    stylesheets,
    inlineStyles,
  };
}

/**
 * The generated app's layout and page (paths relative to a copy of bench/bare-next, whose own
 * app/layout.jsx and page they replace). The layout imports `stylesheet` (a file beside it).
 */
export function markupFloorFiles(document: MarkupFloorDocument, options: { pagePath: string; stylesheet?: string; source: string }): Record<string, string> {
  const header = `// Generated by bench/markup-floor.ts from ${options.source}; not committed.\n`;
  const layout = `${header}${options.stylesheet ? `import './${options.stylesheet}';\n` : ''}
export const metadata = ${JSON.stringify(document.metadata, null, 2)};

export const viewport = ${JSON.stringify(document.viewport, null, 2)};

export default function RootLayout({ children }) {
  return (
    <html${document.htmlAttributes}>
      <body${document.bodyAttributes}>{children}</body>
    </html>
  );
}
`;
  const page = `${header}import { connection } from 'next/server';

// Rendered per request, as the app's page is.
export default async function Page() {
  await connection();
  return (
    ${document.body}
  );
}
`;
  return { 'app/layout.jsx': layout, [`app/${options.pagePath.replace(/^\/+|\/+$/g, '')}/page.jsx`]: page };
}

/**
 * Fetches `path` from the running app (its production HTML and stylesheets) and builds the
 * markup floor from it: a copy of bench/bare-next serving that markup at `floorPagePath`, with
 * the app's public files (the logo the markup shows) beside it. Returns the page's HTML as fetched.
 */
export async function buildMarkupFloor(options: {
  appOrigin: string;
  path: string;
  headers?: Record<string, string>;
  /** Where the page sits below the app directory, e.g. `en` for /login/en. */
  floorPagePath: string;
}): Promise<string> {
  const response = await fetch(`${options.appOrigin}${options.path}`, { headers: options.headers, redirect: 'manual' });
  const html = await response.text();
  if (response.status !== 200) throw new Error(`markup floor: ${options.path} answered ${response.status}`);
  const document = documentToJsx(html);
  const css: string[] = [];
  for (const href of document.stylesheets) {
    const stylesheet = await fetch(new URL(href, options.appOrigin));
    if (!stylesheet.ok) throw new Error(`markup floor: ${href} answered ${stylesheet.status}`);
    css.push(await stylesheet.text());
  }
  css.push(...document.inlineStyles);
  const files: Record<string, string> = markupFloorFiles(document, {
    pagePath: options.floorPagePath,
    stylesheet: css.length > 0 ? 'app.css' : undefined,
    source: `GET ${options.path}`,
  });
  if (css.length > 0) files['app/app.css'] = css.join('\n');
  // A page that carries its stylesheet inline (the app's next.config.mjs) is matched in kind.
  if (document.inlineStyles.length > 0) {
    const config = readFileSync(join(BARE_NEXT_DIRECTORY, 'next.config.mjs'), 'utf8');
    files['next.config.mjs'] = config.replace('poweredByHeader: false,', 'poweredByHeader: false,\n  experimental: { inlineCss: true },');
  }
  buildBareNextCopy(MARKUP_FLOOR_DIRECTORY, MARKUP_FLOOR_STANDALONE, files, { public: join(process.cwd(), 'public') });
  return html;
}
