import { openIdProviders } from '../../vocabulary/providers.ts';
import { DEVELOPMENT_CLIENT_SECRETS, DEVELOPMENT_SESSION_SECRET, MAKE_A_SECRET, openIdSettingOf } from './schema.ts';

type Environment = Record<string, string | undefined>;

/**
 * The secrets, and how to make a good value of each. Ours (the session secrets, the Redis
 * password) are made with a random generator and judged as such; a client secret is issued by
 * its provider, so only a placeholder or obvious junk is refused there.
 */
const SECRET_RULES = {
  SESSION_SECRET: { ours: true, minLength: 32, howTo: `make one with ${MAKE_A_SECRET} and set the same on every instance` },
  SESSION_SECRET_PREVIOUS: { ours: true, minLength: 32, howTo: `set the SESSION_SECRET being replaced, and make the new one with ${MAKE_A_SECRET}` },
  GOOGLE_CLIENT_SECRET: { ours: false, minLength: 1, howTo: 'set the client secret Google issued for GOOGLE_CLIENT_ID (Google Cloud console, Credentials)' },
  MICROSOFT_CLIENT_SECRET: { ours: false, minLength: 1, howTo: 'set a client secret of the Entra app registration of MICROSOFT_CLIENT_ID (Certificates & secrets)' },
  // Hex: base64's + / = would have to be percent-encoded in the URL.
  REDIS_URL: { ours: true, minLength: 16, howTo: 'give the Redis user a password made with openssl rand -hex 32 and put it in the URL' },
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
 * a secret. Any `replace-with-…` is one too, whatever a future example names it.
 */
const PLACEHOLDER_SECRETS = new Set([
  'replace-with-the-output-of-openssl-rand-base64-48',
  'replace-with-the-google-client-secret',
  'replace-with-the-entra-client-secret',
  'replace-with-the-redis-password',
  DEVELOPMENT_SESSION_SECRET,
  DEVELOPMENT_CLIENT_SECRETS.google,
  DEVELOPMENT_CLIENT_SECRETS.microsoft,
]);

/** Random output has many distinct characters: 32 hex digits (16 possible) show 9 or more. */
const FEWEST_DISTINCT_CHARACTERS = { ours: 8, issued: 5 };

/** A short pattern repeated to the end, whole or cut: `aaaa`, `abcabcab`, `passwordpassw`. */
function isRepeatedPattern(value: string): boolean {
  for (let period = 1; period * 2 <= value.length; period++) {
    if ([...value.slice(period)].every((character, index) => character === value[index])) return true;
  }
  return false;
}

/** The secret a setting holds: the password of REDIS_URL (none without one), the value of the others. */
function secretValueOf(setting: SecretSetting, value: string | undefined): string | undefined {
  if (value === undefined || setting !== 'REDIS_URL') return value;
  if (!URL.canParse(value)) return undefined;
  const password = new URL(value).password;
  try {
    return password === '' ? undefined : decodeURIComponent(password);
  } catch {
    return password;
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
    const secret = secretValueOf(setting, present[setting]);
    if (secret === undefined) continue;
    const sameAs = holders.get(secret);
    if (!sameAs) holders.set(secret, setting);
    const problem = ((): string | undefined => {
      if (PLACEHOLDER_SECRETS.has(secret) || /^replace[-_ ]?with\b/i.test(secret)) return 'is a placeholder of the examples, not a secret';
      if (sameAs) return `is the same as ${sameAs}: each secret must be its own`;
      if (refused.has(setting)) return undefined;
      if (secret.length < rule.minLength) return `must be at least ${rule.minLength} characters`;
      if (isRepeatedPattern(secret) || new Set(secret).size < FEWEST_DISTINCT_CHARACTERS[rule.ours ? 'ours' : 'issued']) {
        return 'is easy to guess: a repeated pattern or too few different characters';
      }
      return undefined;
    })();
    if (problem) lines.set(setting, `${setting}: ${setting === 'REDIS_URL' ? 'its password ' : ''}${problem}; ${rule.howTo}`);
  }
  return lines;
}
