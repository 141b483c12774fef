import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTypeScript from 'eslint-config-next/typescript';

export default defineConfig([
  ...nextVitals,
  ...nextTypeScript,
  {
    rules: {
      // An unused name is dead code; a leading underscore says "unused on purpose".
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  // lib/ in three layers (docs/architecture.md, The house): the shared words at the bottom, the
  // platform on them, the flows on top. A lower layer never imports a higher one.
  {
    files: ['lib/**'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './lib/platform', from: './lib/flows', message: 'The platform never imports a flow: move the shared word to lib/vocabulary, or let the flow hand it down.' },
            { target: './lib/flows/sso', from: './lib/flows/email-sign-in', message: 'A flow reaches another only through what the two share: the hand-off.' },
            { target: './lib/flows/email-sign-in', from: './lib/flows/sso', message: 'A flow reaches another only through what the two share: the hand-off.' },
            { target: './lib/flows/hand-off.ts', from: './lib/flows', except: ['./hand-off.ts'], message: 'The hand-off ends every flow and so imports none.' },
            { target: './lib/vocabulary', from: ['./lib/platform', './lib/flows'], message: 'The vocabulary imports nothing of the platform or the flows.' },
          ],
        },
      ],
    },
  },
  // tests/e2e/observatory is a vendored copy of the HTTP Observatory's checks, kept as published.
  globalIgnores(['tests/e2e/observatory/**', '.next/**', 'reports/**', 'test-results/**', 'bench/bare-next/.next/**', 'bench/bare-next-with-proxy/**', 'bench/markup-floor-app/**', 'next-env.d.ts']),
]);
