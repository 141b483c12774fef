# The sign-in app as one image: `docker build -t desk-login .`, then run it with the settings of
# .env.example (deploy/README.md). Needs `output: 'standalone'` in next.config.mjs.
# The tag matches the pinned Node of the npm scripts (dev/check-node-binary.mjs), so the build and
# the server run on one Node version.
ARG NODE_IMAGE=node:24.21.0-slim

FROM ${NODE_IMAGE} AS dependencies
WORKDIR /app
COPY package.json package-lock.json ./
# Every dependency, dev ones included: `next build` type-checks and compiles with them.
# --ignore-scripts, as .npmrc says for every install: no package runs code while installing.
RUN npm ci --ignore-scripts --no-audit --no-fund

FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY --from=dependencies /app/node_modules ./node_modules
COPY . .
RUN npm run build

# The standalone server carries the few node_modules it traced, so this stage installs nothing.
FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ENV NODE_ENV=production PORT=3000 HOSTNAME=0.0.0.0 NEXT_TELEMETRY_DISABLED=1
# Owned by root: the server can read its code but not change it. `npm run build` already puts
# static and public beside server.js; copying them by name keeps the image whole without that step.
COPY --from=build /app/.next/standalone ./
COPY --from=build /app/.next/static ./.next/static
COPY --from=build /app/public ./public
# The one place Next may write (image and fetch caches); Kubernetes mounts an emptyDir here.
RUN mkdir -p .next/cache && chown node:node .next/cache
# The base image's `node` user, by number so that Kubernetes' runAsNonRoot can verify it.
USER 1000:1000
# The app's port, and the metrics' (METRICS_PORT), for Prometheus alone.
EXPOSE 3000 9464
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/login/api/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"]
# The heap of deploy/server-node-flags.ts: the same in every pod, and what the bench measures.
CMD ["node", "--max-old-space-size=256", "--max-semi-space-size=32", "server.js"]
