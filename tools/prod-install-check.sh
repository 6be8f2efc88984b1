#!/usr/bin/env bash
# The container image's steps, run without a container engine (Dockerfile; docs/decisions/053-node-versions-and-build.md).
# From a checkout where `npm ci` ran: the build (what is missing or stale: `npm run build` on a fresh checkout), then what
# the image's last stage holds (package.json, dist, drizzle, node_modules) copied to a folder of its own and pruned with
# `npm prune --omit=dev`, and started as the image starts it: `node --import ./dist/server/telemetry.js dist/server/main.js`, NODE_ENV=production, on a fresh
# embedded database. Passes when /readyz, /healthz and the web app answer 200 from that pruned install.
#   tools/prod-install-check.sh                     with this machine's Node
#   tools/with-node.sh 24 tools/prod-install-check.sh   with the image's (Node 24)
set -euo pipefail
cd "$(dirname "$0")/.."
port=${PROD_CHECK_PORT:-3499}
# Seeding the demo content puts sharp (the demo pictures) and the services through their paces too.
ready_within=${PROD_CHECK_READY_S:-300}

node tools/build.mjs --if-stale

dir=$(mktemp -d "${TMPDIR:-/tmp}/trove-image.XXXXXX")
server=
cleanup() {
  if [ -n "$server" ]; then
    kill -TERM "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
  fi
  rm -rf "$dir"
}
trap cleanup EXIT

cp -a package.json package-lock.json dist drizzle "$dir/"
# Hard links: the copy costs no disk, and pruning unlinks files without touching the checkout's. npm rewrites its hidden
# lockfile in place, so that one file is a copy of its own.
cp -al node_modules "$dir/node_modules" 2>/dev/null || cp -a node_modules "$dir/node_modules"
rm -f "$dir/node_modules/.package-lock.json"
cp node_modules/.package-lock.json "$dir/node_modules/.package-lock.json"
before=$(du -sh "$dir/node_modules" | cut -f1)
(cd "$dir" && npm prune --omit=dev --no-audit --no-fund --loglevel=error)
echo "prod-install-check: node_modules $before, pruned $(du -sh "$dir/node_modules" | cut -f1)"

started=$SECONDS
(cd "$dir" && exec env NODE_ENV=production PORT="$port" HOST=127.0.0.1 DATA_DIR="$dir/data" LOG_LEVEL=warn \
  node --import ./dist/server/telemetry.js dist/server/main.js) &
server=$!
until curl -sf -o /dev/null "http://127.0.0.1:$port/readyz"; do
  if ! kill -0 "$server" 2>/dev/null; then
    echo "prod-install-check: the server from the pruned install exited before it was ready" >&2
    exit 1
  fi
  if [ $((SECONDS - started)) -ge "$ready_within" ]; then
    echo "prod-install-check: not ready within ${ready_within} s" >&2
    exit 1
  fi
  sleep 1
done
for path in /healthz / /admin; do
  status=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port$path")
  if [ "$status" != 200 ]; then
    echo "prod-install-check: GET $path answered $status" >&2
    exit 1
  fi
done
echo "prod-install-check: node $(node --version), pruned install ready in $((SECONDS - started)) s (first start:" \
  "migrations and demo content); /readyz, /healthz, / and /admin answered 200"
