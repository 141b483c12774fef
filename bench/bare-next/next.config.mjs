// The framework floor: one page, no client component of its own, built by the project's own
// `next` with the settings that shape what the app serves (base path, standalone server).
import { fileURLToPath } from 'node:url';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

/** @type {import('next').NextConfig} */
const nextConfig = {
  basePath: '/login',
  output: 'standalone',
  poweredByHeader: false,
  // The project's node_modules (and its `next`) sit two levels up.
  turbopack: { root: projectRoot },
  outputFileTracingRoot: projectRoot,
};

export default nextConfig;
