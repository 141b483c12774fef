// docs/settings.md, written from the configuration schema of lib/platform/settings/schema.ts and the descriptions
// beside it (`npm run settings-reference`); tests/unit/settings-reference.test.ts fails when the
// file and the schema differ.
import type { z } from 'zod';
import { languageRegistry } from '../lib/vocabulary/languages.ts';
import { openIdSettingDescription, pricingSettingDescription, SETTING_DESCRIPTIONS, type SettingDescription } from '../lib/platform/settings/descriptions.ts';
import { pricingSettingOf, settingsSchema, type SettingName } from '../lib/platform/settings/schema.ts';

export const SETTINGS_REFERENCE_PATH = 'docs/settings.md';

/** Read by Node and Next's server.js, not by lib/platform/settings/config.ts; listed in .env.example too. */
export const PROCESS_SETTINGS: Record<string, SettingDescription & { default: string }> = {
  KEEP_ALIVE_TIMEOUT: {
    description:
      'milliseconds an idle connection from the proxy stays open (Next\'s `server.js`); it must outlast the proxy\'s own idle timeout, or the proxy reuses a connection the app is closing. The shipped nginx site closes them after 4 s, a minute before the app would; only a proxy that keeps them longer needs more ([Deploying](../deploy/README.md), The nginx site)',
    default: 'unset: 65 s (the standalone `server.js`; Node\'s own 5 s was too close to nginx\'s 4 s under load)',
    example: '(`120000` for a proxy that keeps them 60 s)',
  },
  NODE_EXTRA_CA_CERTS: {
    description: 'a PEM file of private certificate authorities to trust besides the public ones (Node\'s own); `npm run dev` points it at the local identity provider\'s',
    default: 'unset',
    example: '/etc/ssl/certs/private-ca.pem',
  },
};

type Default = { kind: 'required' } | { kind: 'unset' } | { kind: 'value'; value: unknown };

/** The default a setting's schema gives a missing value: through pipes and transforms to a default, a prefault or optional. */
function defaultOf(schema: z.ZodType): Default {
  let current: z.ZodType | undefined = schema;
  while (current) {
    const def = current.def as { type: string; defaultValue?: unknown; in?: z.ZodType };
    if (def.type === 'default' || def.type === 'prefault') return { kind: 'value', value: def.defaultValue };
    if (def.type === 'optional') return { kind: 'unset' };
    current = def.type === 'pipe' ? def.in : undefined;
  }
  return { kind: 'required' };
}

function shownDefault(found: Default): string {
  if (found.kind !== 'value') return found.kind;
  const value = Array.isArray(found.value) ? found.value.join(',') : String(found.value);
  return value === '' ? 'empty' : `\`${value}\``;
}

function defaultCell(name: SettingName): string {
  const production = shownDefault(defaultOf(settingsSchema(true).shape[name]));
  const development = shownDefault(defaultOf(settingsSchema(false).shape[name]));
  return production === development ? production : `production: ${production}; development: ${development}`;
}

function descriptionOf(name: SettingName): SettingDescription {
  const language = languageRegistry.find((entry) => pricingSettingOf(entry.code) === name);
  if (language) return pricingSettingDescription(language.code);
  return openIdSettingDescription(name) ?? SETTING_DESCRIPTIONS[name as keyof typeof SETTING_DESCRIPTIONS];
}

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

function row(name: string, description: string, defaultValue: string, example: string): string {
  // An example in parentheses says what to write rather than showing it.
  const shownExample = example.startsWith('(') ? cell(example) : `\`${cell(example)}\``;
  return `| \`${name}\` | ${cell(description)} | ${cell(defaultValue)} | ${shownExample} |`;
}

/** The whole of docs/settings.md. */
export function settingsReference(): string {
  const names = Object.keys(settingsSchema(true).shape) as SettingName[];
  return [
    '# Settings',
    '',
    '<!-- Written by `npm run settings-reference` from lib/platform/settings/ (schema.ts, the descriptions of descriptions.ts and the',
    '     language registry); tests/unit/settings-reference.test.ts fails when this file and the schema differ. -->',
    '',
    'Every setting is read from the environment at start-up and parsed once with zod (`lib/platform/settings/config.ts`).',
    'In production a missing or malformed one stops the server before it serves, with one line per',
    'problem naming the setting (exit 1); in development each has a default that points at the local',
    'stand-ins of `dev/`, so `npm run dev` needs none. An empty value counts as unset. `.env.example`',
    'lists every setting with a production example; Kubernetes takes them from the overlay\'s',
    '`settings.env` and `secrets.env` ([Deploying](../deploy/README.md)).',
    '',
    'The links shown on the screens (`PRIVACY_URL` to `DEMO_URL`, and one `PRICING_URL_<CODE>` per',
    'language of `lib/vocabulary/languages.ts`) are settings of the running server, not of the build: a',
    'screen links to `/login/{lang}/links/<name>`, which sends the browser to the setting\'s value',
    '(`lib/platform/settings/links.ts`), so one build serves every deployment. Their defaults are placeholders under',
    '`www.example.com`: set them per deployment.',
    '',
    '| setting | what it does | default | example |',
    '|---|---|---|---|',
    ...names.map((name) => {
      const { description, example } = descriptionOf(name);
      return row(name, description, defaultCell(name), example);
    }),
    '',
    '## The server process',
    '',
    'Read by Node and Next\'s `server.js`, not by `lib/platform/settings/config.ts`:',
    '',
    '| setting | what it does | default | example |',
    '|---|---|---|---|',
    ...Object.entries(PROCESS_SETTINGS).map(([name, setting]) => row(name, setting.description, setting.default, setting.example)),
    '',
  ].join('\n');
}
