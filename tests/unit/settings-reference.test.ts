import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROCESS_SETTINGS as DOCUMENTED_PROCESS_SETTINGS, SETTINGS_REFERENCE_PATH, settingsReference } from '@/dev/settings-reference';
import { settingsSchema } from '@/lib/platform/settings/schema';
import { languageRegistry } from '@/lib/vocabulary/languages';
import { PROCESS_SETTINGS } from './env-file';

/**
 * The settings reference is generated from the configuration schema (issue 43, item 1;
 * contracts.md section 8): docs/settings.md is what `npm run settings-reference` writes, so a
 * setting, a default or a description changed in lib/platform/settings/config.ts without it fails here.
 */

const written = readFileSync(join(process.cwd(), SETTINGS_REFERENCE_PATH), 'utf8');
const rowOf = (markdown: string, name: string) => markdown.split('\n').find((line) => line.startsWith(`| \`${name}\` |`));

describe('docs/settings.md', () => {
  it('is what npm run settings-reference writes from lib/platform/settings/config.ts now', () => {
    expect(written).toBe(settingsReference());
  });

  it('has a row for every setting of the schema, one PRICING_URL_<CODE> per language among them', () => {
    const names = Object.keys(settingsSchema(true).shape);
    expect(names).toEqual(expect.arrayContaining(['BACKEND_URL', 'SESSION_SECRET', ...languageRegistry.map((entry) => `PRICING_URL_${entry.code.toUpperCase()}`)]));
    expect(names.filter((name) => rowOf(written, name) === undefined)).toEqual([]);
  });

  it('describes the server process\'s own settings, those .env.example lists beside the schema\'s', () => {
    expect(Object.keys(DOCUMENTED_PROCESS_SETTINGS)).toEqual(PROCESS_SETTINGS);
    for (const name of PROCESS_SETTINGS) expect(rowOf(written, name)).toBeDefined();
  });

  it('shows each setting\'s defaults as the schema gives them, in production and in development', () => {
    expect(rowOf(written, 'BACKEND_URL')).toContain('| production: required; development: `http://127.0.0.1:3001` |');
    expect(rowOf(written, 'GOOGLE_CLIENT_ID')).toContain('| production: unset; development: `dev-google-client` |');
    expect(rowOf(written, 'SSO_CLOCK_SKEW_SECONDS')).toContain('| `120` |');
    expect(rowOf(written, 'SSO_REDIRECT_ALLOWLIST')).toContain('| empty |');
    expect(rowOf(written, 'INVITATION_FORWARDED_FIELDS')).toContain('| `inviteToken,language,domain,subDomain` |');
  });

  it('differs from the file once the schema changes (the check can fail)', () => {
    jest.isolateModules(() => {
      jest.doMock('@/lib/vocabulary/languages', () => {
        const actual = jest.requireActual<typeof import('@/lib/vocabulary/languages')>('@/lib/vocabulary/languages');
        const added = { ...actual.languageRegistry[0], code: 'xq', name: 'Xqish', pricingUrlDefault: 'https://www.example.com/xq/pricing' };
        return { ...actual, languageRegistry: [...actual.languageRegistry, added] };
      });
      const { settingsReference: withAnotherLanguage } = jest.requireActual<typeof import('@/dev/settings-reference')>('@/dev/settings-reference');
      const changed = withAnotherLanguage();
      expect(changed).not.toBe(written);
      expect(rowOf(changed, 'PRICING_URL_XQ')).toContain('https://www.example.com/xq/pricing');
      expect(rowOf(written, 'PRICING_URL_XQ')).toBeUndefined();
    });
    jest.dontMock('@/lib/vocabulary/languages');
  });
});
