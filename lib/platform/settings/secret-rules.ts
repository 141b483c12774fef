import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { openIdProviders } from '../../vocabulary/providers.ts';
import { DEVELOPMENT_CLIENT_SECRETS, DEVELOPMENT_SESSION_SECRET, MAKE_A_SECRET, openIdSettingOf } from './schema.ts';

type Environment = Record<string, string | undefined>;

/**
 * The secrets, and how to make a good value of each. Ours (the session secrets, the Redis
 * password) are made with a random generator and judged as such; a client secret is issued by
 * its provider, so only a placeholder or an easily guessed value is refused there.
 */
const SECRET_RULES = {
  SESSION_SECRET: { ours: true, minLength: 32, howTo: `make one with ${MAKE_A_SECRET} and set the same on every instance` },
  SESSION_SECRET_PREVIOUS: { ours: true, minLength: 32, howTo: `set the SESSION_SECRET being replaced, and make the new one with ${MAKE_A_SECRET}` },
  GOOGLE_CLIENT_SECRET: { ours: false, minLength: 1, howTo: 'set the client secret Google issued for GOOGLE_CLIENT_ID (Google Cloud console, Credentials)' },
  MICROSOFT_CLIENT_SECRET: { ours: false, minLength: 1, howTo: 'set a client secret of the Entra app registration of MICROSOFT_CLIENT_ID (Certificates & secrets)' },
  REDIS_URL: { ours: true, minLength: 32, howTo: `give the Redis user a password made with ${MAKE_A_SECRET} and put it in the URL` },
  // Each plain OpenID Connect provider's, issued as Google's and Microsoft's are.
  ...Object.fromEntries(
    openIdProviders.map((provider) => [
      openIdSettingOf(provider, 'CLIENT_SECRET'),
      { ours: false, minLength: 1, howTo: `set the client secret ${provider.name} issued for ${openIdSettingOf(provider, 'CLIENT_ID')}` },
    ]),
  ),
} as const satisfies Record<string, { ours: boolean; minLength: number; howTo: string }>;
export type SecretSetting = keyof typeof SECRET_RULES;

/**
 * The secrets of .env.example, deploy/kubernetes/overlays/production/secrets.env.example and
 * development, which tests/unit/config.test.ts reads from those files: a copied example is never
 * a secret. Any `replace-with-…` is one too, whatever a future example names it, and so is any
 * `dev-<provider>-secret` of the development world, for a provider added to the registry later too.
 * Compared as `comparable` spells them, so that a capital, a space or quotes make none of them new.
 */
const PLACEHOLDER_SECRETS = [
  'replace-with-the-output-of-openssl-rand-hex-32',
  // The examples' former placeholder, still in the .env files copied from them.
  'replace-with-the-output-of-openssl-rand-base64-48',
  'replace-with-the-google-client-secret',
  'replace-with-the-entra-client-secret',
  'replace-with-the-redis-password',
  DEVELOPMENT_SESSION_SECRET,
  DEVELOPMENT_CLIENT_SECRETS.google,
  DEVELOPMENT_CLIENT_SECRETS.microsoft,
];

/**
 * A value as weak as another that differs only in what a person changes without making it new:
 * Unicode compatibility forms (full-width letters), case, spaces, the quotes a .env file keeps,
 * and the separators between words.
 */
function comparable(value: string): string {
  return value.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

const COMPARABLE_PLACEHOLDERS = new Set(PLACEHOLDER_SECRETS.map(comparable));

function isPlaceholder(secret: string): boolean {
  const spelt = comparable(secret);
  return COMPARABLE_PLACEHOLDERS.has(spelt) || spelt.startsWith('replacewith') || /^dev\p{L}+secret$/u.test(spelt);
}

/**
 * The fewest guesses zxcvbn must estimate for a secret, as a power of ten. zxcvbn counts a
 * character it cannot explain by a word, sequence, repeat, keyboard walk or date as 10 guesses,
 * so its estimate of random output is below the real one, and of a person's value above it.
 * Ours: 10^28 (about 93 bits), which a sealed cookie's offline guesser at 10^12 a second needs
 * 3 × 10^8 years for. Every 32 random characters cleared it in 2,000 samples of each of hex, base64
 * and letters with digits (the least 10^28.4, hex), `openssl rand -hex 32` shows 10^58 and more,
 * and the phrases a person makes up fall below it (`a-production-secret-of-32-chars!`: 10^24.6).
 * Issued: 10^10, zxcvbn's "very unguessable", as a provider's secret is not ours to judge further.
 */
const FEWEST_GUESSES_LOG10 = { ours: 28, issued: 10 };

// Its dictionary: the common passwords and words, and every placeholder, so that a placeholder
// with a little added is a word too. Substitutions (p4ssw0rd) up to 8: more costs seconds on a
// 64-character secret and found no more in ours. Built once per process, and each secret judged
// once, however many bundles of this file Next loads: each takes a while.
const ESTIMATES = Symbol.for('desk-login:secret-estimates');
function guessesLog10Of(secret: string): number {
  const holder = globalThis as { [ESTIMATES]?: { estimator: ZxcvbnFactory; guessesLog10: Map<string, number> } };
  holder[ESTIMATES] ??= {
    estimator: new ZxcvbnFactory({ dictionary: { ...dictionary, placeholders: PLACEHOLDER_SECRETS }, graphs: adjacencyGraphs, l33tMaxSubstitutions: 8 }),
    guessesLog10: new Map(),
  };
  const { estimator, guessesLog10 } = holder[ESTIMATES];
  if (!guessesLog10.has(secret)) guessesLog10.set(secret, estimator.check(secret).guessesLog10);
  return guessesLog10.get(secret)!;
}

/**
 * The password ioredis sends for this URL, read as its parseURL reads it (node_modules/ioredis,
 * lib/utils/index.ts; tests/unit/redis-password.test.ts compares the two): the user info's when a
 * user name or a password is there, even an empty one, else the last `password` of the query.
 * A malformed percent-encoding throws, as in ioredis.
 */
export function redisPasswordOf(url: string): string | undefined {
  const parsed = new URL(url);
  if (parsed.username || parsed.password) return decodeURIComponent(parsed.password);
  return parsed.searchParams.getAll('password').at(-1);
}

type Secret = { value: string } | { unreadable: string };

/** The secret a setting holds: the password of REDIS_URL (none without one), the value of the others. */
function secretOf(setting: SecretSetting, value: string | undefined): Secret | undefined {
  if (value === undefined || setting !== 'REDIS_URL') return value === undefined ? undefined : { value };
  if (!URL.canParse(value)) return undefined;
  try {
    const password = redisPasswordOf(value);
    return password ? { value: password } : undefined;
  } catch {
    return { unreadable: 'is not percent-encoded as a URL must be (ioredis cannot read it)' };
  }
}

/**
 * One line for each secret that must not run in production: a placeholder, a value another
 * secret holds too, one shorter than its minimum, or one that is easy to guess. `refused` are the
 * settings the schema has a line for already: only a placeholder or a reuse says more than it.
 */
export function unsafeSecrets(present: Environment, refused: Set<string>): Map<SecretSetting, string> {
  const lines = new Map<SecretSetting, string>();
  const holders = new Map<string, SecretSetting>();
  for (const [setting, rule] of Object.entries(SECRET_RULES) as [SecretSetting, (typeof SECRET_RULES)[SecretSetting]][]) {
    const secret = secretOf(setting, present[setting]);
    if (secret === undefined) continue;
    const problem = ((): string | undefined => {
      if ('unreadable' in secret) return secret.unreadable;
      const sameAs = holders.get(secret.value);
      if (!sameAs) holders.set(secret.value, setting);
      if (isPlaceholder(secret.value)) return 'is a placeholder of the examples, not a secret';
      if (sameAs) return `is the same as ${sameAs}: each secret must be its own`;
      if (refused.has(setting)) return undefined;
      if (secret.value.length < rule.minLength) return `must be at least ${rule.minLength} characters`;
      const fewest = FEWEST_GUESSES_LOG10[rule.ours ? 'ours' : 'issued'];
      if (guessesLog10Of(secret.value) < fewest) {
        return `is easy to guess: a sequence, a repeat, words or too few random characters (fewer than 10^${fewest} guesses)`;
      }
      return undefined;
    })();
    if (problem) lines.set(setting, `${setting}: ${setting === 'REDIS_URL' ? 'its password ' : ''}${problem}; ${rule.howTo}`);
  }
  return lines;
}
