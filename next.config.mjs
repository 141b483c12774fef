import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

/** @type {import('next').NextConfig} */
const nextConfig = {
  basePath: '/login',
  poweredByHeader: false,
  reactStrictMode: true,
  typedRoutes: false,
};

export default withNextIntl(nextConfig);
