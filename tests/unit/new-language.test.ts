/**
 * @jest-environment node
 */
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { languageRegistry, type LanguageEntry } from '@/lib/vocabulary/languages';

/**
 * A language is added in one place (issue 35, item 11): a throw-away language `xq`, put into the
 * registry with messages copied from English, reaches every consumer of the list without another
 * line changed. `xq` is no language's code (ISO 639-1 assigns none), so it never meets a real one.
 */

const ROOT = process.cwd();
const THROW_AWAY: LanguageEntry = {
  code: 'xq',
  name: 'Xqish',
  languageWord: 'Xqword',
  quotationMarks: ['“', '”'],
  emailWord: { inSentence: 'e-mail', atStart: 'E-mail' },
  pricingUrlDefault: 'https://www.example.com/xq/pricing',
};
const SHIPPED_CODES = languageRegistry.map((entry) => entry.code);

let messagesDirectory = '';

beforeAll(() => {
  messagesDirectory = mkdtempSync(join(tmpdir(), 'desk-login-messages-'));
  for (const file of readdirSync(join(ROOT, 'messages'))) copyFileSync(join(ROOT, 'messages', file), join(messagesDirectory, file));
  copyFileSync(join(ROOT, 'messages', 'en.json'), join(messagesDirectory, `${THROW_AWAY.code}.json`));
});

afterAll(() => rmSync(messagesDirectory, { recursive: true, force: true }));

/** Modules loaded afresh, with `xq` (or the entry given) in the registry when `withThrowAway` says so. */
async function load<T>(modulePath: string, withThrowAway: boolean | LanguageEntry): Promise<T> {
  let loaded: T | undefined;
  await jest.isolateModulesAsync(async () => {
    if (withThrowAway) {
      const added = withThrowAway === true ? THROW_AWAY : withThrowAway;
      const actual = jest.requireActual<typeof import('@/lib/vocabulary/languages')>('@/lib/vocabulary/languages');
      jest.doMock('@/lib/vocabulary/languages', () => ({ ...actual, languageRegistry: [...actual.languageRegistry, added] }));
    }
    loaded = (await import(modulePath)) as T;
  });
  jest.dontMock('@/lib/vocabulary/languages');
  return loaded!;
}

type Routing = typeof import('@/lib/platform/i18n/routing');
type LanguageRouting = typeof import('@/lib/platform/pages/language-routing');
type LanguageLinks = typeof import('@/components/i18n/language-links');
type Rules = typeof import('./message-style-rules');
type NginxPage = typeof import('@/deploy/nginx/too-many-posts-page');
type Configuration = typeof import('@/lib/platform/settings/config');
type Links = typeof import('@/lib/platform/settings/links');

describe('a throw-away language in the registry', () => {
  it('is a language of the routing: its paths are served and browsers that prefer it get it', async () => {
    const shipped = await load<Routing>('@/lib/platform/i18n/routing', false);
    expect(shipped.isLanguage('xq')).toBe(false);
    expect(shipped.preferredLanguage('xq-XQ, de;q=0.5')).toBe('de');

    const routing = await load<Routing>('@/lib/platform/i18n/routing', true);
    expect(routing.languages).toContain('xq');
    expect(routing.routing.locales).toContain('xq');
    expect(routing.preferredLanguage('xq-XQ, de;q=0.5')).toBe('xq');
    expect((await load<LanguageRouting>('@/lib/platform/pages/language-routing', true)).routeLanguage('/xq/mail-sent', 'de')).toEqual({ action: 'serve' });
  });

  it('has a language link named in itself, and its word for "language" as the links’ label on its own pages', async () => {
    const { renderToStaticMarkup } = jest.requireActual<typeof import('react-dom/server')>('react-dom/server');
    const shipped = renderToStaticMarkup((await load<LanguageLinks>('@/components/i18n/language-links', false)).LanguageLinks({ current: 'en' }));
    expect(shipped).toContain('aria-label="Language"');
    expect(shipped).not.toContain('Xqish');

    const withXq = (await load<LanguageLinks>('@/components/i18n/language-links', true)).LanguageLinks;
    const links = renderToStaticMarkup(withXq({ current: 'en' }));
    expect(links).toContain('aria-label="Language"');
    expect(renderToStaticMarkup(withXq({ current: 'xq' as 'en' }))).toContain('aria-label="Xqword"');
    expect(links).toMatch(/<a href="\?chosen-language=xq" hrefLang="xq" lang="xq"[^>]*>Xqish<\/a>/);
  });

  it('has its messages checked for completeness and style like every other', async () => {
    const rules = await load<Rules>('./message-style-rules', true);
    const dictionaries = rules.dictionariesIn(messagesDirectory);
    expect(Object.keys(dictionaries)).toEqual([...SHIPPED_CODES, 'xq']);
    for (const check of [rules.keyProblems, rules.placeholderProblems, rules.spellingProblems, rules.punctuationProblems, rules.typographyProblems]) {
      expect(check(dictionaries)).toEqual([]);
    }

    delete dictionaries.xq!.login!.or;
    dictionaries.xq!.errors!.invalidEmail = 'Invalid email address';
    expect(rules.keyProblems(dictionaries)).toEqual(['xq lacks login.or']);
    expect(rules.spellingProblems(dictionaries)).toEqual(['errors.invalidEmail (xq) spells "email": write "e-mail"']);
    expect(rules.punctuationProblems(dictionaries)).toEqual([expect.stringMatching(/^errors\.invalidEmail \(xq\) is a sentence without final punctuation/)]);
  });

  it('has a pricing page of its own, PRICING_URL_XQ, whose default is its registry entry\'s', async () => {
    const shipped = await load<Configuration>('@/lib/platform/settings/config', false);
    const shippedConfig = shipped.parseConfig({});
    if (!shippedConfig.ok) throw new Error(shippedConfig.problems.join('\n'));
    expect(Object.keys(shippedConfig.config.links.pricing)).toEqual(SHIPPED_CODES);

    const config = await load<Configuration>('@/lib/platform/settings/config', true);
    const links = await load<Links>('@/lib/platform/settings/links', true);
    const byDefault = config.parseConfig({});
    const configured = config.parseConfig({ PRICING_URL_XQ: 'https://www.example.org/xq/tarifs' });
    if (!byDefault.ok || !configured.ok) throw new Error('the throw-away language\'s settings were refused');
    expect(links.configuredLink(byDefault.config.links, 'pricing', 'xq' as never)).toBe(THROW_AWAY.pricingUrlDefault);
    expect(links.configuredLink(configured.config.links, 'pricing', 'xq' as never)).toBe('https://www.example.org/xq/tarifs');
    expect(config.parseConfig({ PRICING_URL_XQ: 'not a URL' })).toEqual({ ok: false, problems: ['PRICING_URL_XQ: must be an http(s) URL'] });
  });

  it('may put a narrow no-break space inside its quotation marks, as French does, when its entry says so', async () => {
    const frenchLike: LanguageEntry = { ...THROW_AWAY, quotationMarks: ['«', '»'], spaceInsideQuotationMarks: '\u202F' };
    const rules = await load<Rules>('./message-style-rules', frenchLike);
    const dictionaries = rules.dictionariesIn(messagesDirectory);
    const quoting = (text: string) => {
      const copy = structuredClone(dictionaries);
      copy.xq!.errors!.userNotFound = text;
      return rules.typographyProblems(copy).filter((problem) => problem.startsWith('errors.userNotFound (xq)'));
    };
    expect(quoting('Utilisateur introuvable. Vérifiez l’«\u202Fadresse\u202F».')).toEqual([]);
    expect(quoting('Utilisateur introuvable. Vérifiez l’«adresse\u202F».')).toEqual([
      'errors.userNotFound (xq) has « without U+202F NARROW NO-BREAK SPACE after it: xq quotes with «[U+202F NARROW NO-BREAK SPACE]…[U+202F NARROW NO-BREAK SPACE]»',
    ]);
    // Without the entry's word, the same space is an invisible character the message names.
    const plain = await load<Rules>('./message-style-rules', { ...THROW_AWAY, quotationMarks: ['«', '»'] });
    const copy = structuredClone(plain.dictionariesIn(messagesDirectory));
    copy.xq!.errors!.userNotFound = 'Utilisateur introuvable. Vérifiez l’«\u202Fadresse\u202F».';
    expect(plain.typographyProblems(copy).filter((problem) => problem.startsWith('errors.userNotFound (xq)'))).toEqual([
      'errors.userNotFound (xq) has the invisible character U+202F NARROW NO-BREAK SPACE (2 times): write a plain space, or none',
    ]);
  });

  it('is on the page nginx answers a client over the form-post limit with', async () => {
    const nginx = await load<NginxPage>('@/deploy/nginx/too-many-posts-page', true);
    const page = nginx.tooManyPostsPage(nginx.tooManyPostsTexts(messagesDirectory));
    expect(page).toContain('<section lang="xq"><h2>Too many attempts</h2>');
    const site = nginx.siteWithTooManyPostsPage(readFileSync(join(ROOT, 'deploy/nginx/desk-booking.conf'), 'utf8'), page);
    expect(site).toContain('<section lang="xq">');
  });
});
