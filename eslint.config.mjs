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
  // tests/e2e/observatory is a vendored copy of the HTTP Observatory's checks, kept as published.
  globalIgnores(['tests/e2e/observatory/**', '.next/**', 'reports/**', 'test-results/**', 'bench/bare-next/.next/**', 'bench/bare-next-with-proxy/**', 'bench/markup-floor-app/**', 'next-env.d.ts']),
]);
