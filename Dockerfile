# syntax=docker/dockerfile:1
# Trove's image (docs/decisions/053-node-versions-and-build.md). Its steps are the ones tools/prod-install-check.sh runs
# on a machine without a container engine: npm ci → npm run build → npm prune --omit=dev → node --import ./dist/server/telemetry.js dist/server/main.js.
# Node 24: the newest major the gate tests (tools/with-node.sh 24).
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM ${NODE_IMAGE}
# The share previews' text is drawn by sharp through fontconfig: the CJK fonts the CI machines have too.
RUN apt-get update \
  && apt-get install -y --no-install-recommends fonts-noto-cjk \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
# What the server reads at run time: its bundle and the web build (dist), the migrations, the pruned node_modules.
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/dist dist
COPY --from=build /app/drizzle drizzle
# DATA_DIR: the embedded database, or with DATABASE_URL only the local uploads (a volume the instances share).
RUN mkdir -p /data/uploads && chown -R node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# `npm start` without npm: node as PID 1 gets docker stop's SIGTERM itself and closes gracefully (main.ts). A flag
# added to npm start's node (e.g. an --import) is added here too.
CMD ["node", "--import", "./dist/server/telemetry.js", "dist/server/main.js"]
