import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Settings that the server process reads but lib/platform/settings/config.ts does not: Next's server.js
 * (KEEP_ALIVE_TIMEOUT) and Node itself (NODE_EXTRA_CA_CERTS). HOSTNAME is Next's and the
 * config's both: the metrics listen on the app's address.
 */
export const PROCESS_SETTINGS = ['KEEP_ALIVE_TIMEOUT', 'NODE_EXTRA_CA_CERTS'];

/**
 * An env file the way `docker run --env-file` reads it: `NAME=value` lines taken literally, and
 * `#` comments on lines of their own. Anything else is an error, so the file stays usable there.
 */
export function parseEnvFile(text: string): Record<string, string> {
  const variables: Record<string, string> = {};
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '' || line.startsWith('#')) return;
    const assignment = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (!assignment) throw new Error(`line ${index + 1} is neither NAME=value nor a comment: ${line}`);
    const [, name, value] = assignment as unknown as [string, string, string];
    if (name in variables) throw new Error(`line ${index + 1}: ${name} is set twice`);
    variables[name] = value;
  });
  return variables;
}

export function readEnvExampleText(): string {
  return readFileSync(join(__dirname, '../../.env.example'), 'utf8');
}

export function readEnvExample(): Record<string, string> {
  return parseEnvFile(readEnvExampleText());
}
