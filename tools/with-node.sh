#!/usr/bin/env bash
# Runs a command with another Node major first on PATH (docs/decisions/053-node-versions-and-build.md):
#   tools/with-node.sh 24 npx vitest run --project server src/server/app.test.ts
# The binary is the npm registry's `node` package (its install script brings node-<os>-<arch>, a registry package
# too), installed once into a cache folder outside the project: no other network, no root, the project's own
# node_modules untouched. Delete the folder (or set TROVE_NODE_CACHE) to take a newer release of the major.
set -euo pipefail

major=${1:-}
if [[ ! $major =~ ^[0-9]+$ ]] || [ $# -lt 2 ]; then
  echo "usage: $0 <node major> <command> [args...]" >&2
  exit 2
fi
shift

cache=${TROVE_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/trove-node}
dir="$cache/$major"
bin="$dir/node_modules/node/bin"

if ! [ -x "$bin/node" ]; then
  mkdir -p "$cache"
  # Into a folder of its own, then moved into place: two callers at once never see a half-installed Node.
  tmp=$(mktemp -d "$cache/.install-$major.XXXXXX")
  echo "with-node: installing node@$major from the npm registry into $dir" >&2
  npm install --prefix "$tmp" --no-save --no-package-lock --no-audit --no-fund --loglevel=error "node@$major" >&2
  mv -T "$tmp" "$dir" 2>/dev/null || rm -rf "$tmp"
fi

# The package's install script is what fetches the binary: fail here, by name, if it did not run.
version=$("$bin/node" --version 2>/dev/null || true)
if [[ $version != "v$major."* ]]; then
  echo "with-node: $bin/node is not Node $major (got '${version:-nothing}'); remove $dir and retry" >&2
  exit 1
fi

# npm and npx are scripts run by the first `node` on PATH, and Vitest's workers use the parent's binary: all Node $major.
export PATH="$bin:$PATH"
exec "$@"
