import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

/** @type {import('next').NextConfig} */
const nextConfig = {
  basePath: '/login',
  // A server that runs on its own: `node .next/standalone/server.js` (deploy/README.md).
  output: 'standalone',
  // No next/image here: the native image libraries stay out of the standalone server.
  images: { unoptimized: true },
  outputFileTracingExcludes: { '*': ['node_modules/sharp/**', 'node_modules/@img/**'] },
  poweredByHeader: false,
  reactStrictMode: true,
};

export default withNextIntl(nextConfig);
