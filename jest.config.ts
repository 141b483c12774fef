import type { Config } from 'jest';
import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

// These packages ship only ES modules; Jest runs CommonJS, so SWC must compile them too.
// next/jest only lets a project append ignore patterns, so its list is replaced below.
const esmOnlyPackages = [
  'jose',
  'next-intl',
  'use-intl',
  'icu-minify',
  'intl-messageformat',
  '@formatjs',
  '@schummar/icu-type-parser',
  // The vendored Observatory's HTML parser (tests/e2e/observatory).
  'htmlparser2',
  'domhandler',
  'domutils',
  'domelementtype',
  'dom-serializer',
  'entities',
  'structured-headers',
];

const config: Config = {
  testEnvironment: 'node',
  testMatch: ['<rootDir>/tests/unit/**/*.test.ts', '<rootDir>/tests/unit/**/*.test.tsx'],
  moduleNameMapper: { '^@/(.*)$': '<rootDir>/$1' },
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
  // The standalone build carries a package.json of its own, which Jest would take for a module.
  modulePathIgnorePatterns: ['<rootDir>/.next/'],
};

export default async function jestConfig(): Promise<Config> {
  const nextConfig = await createJestConfig(config)();
  return {
    ...nextConfig,
    transformIgnorePatterns: [
      `/node_modules/(?!(${esmOnlyPackages.join('|')})/)`,
      '^.+\\.module\\.(css|sass|scss)$',
    ],
  };
}
