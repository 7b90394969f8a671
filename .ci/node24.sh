#!/usr/bin/env bash
# The unit and integration suite again on Node 24 (LTS), from the registry's `node` package (nothing outside the
# registries is reachable). better-sqlite3 is native: it is compiled for Node 24 against the headers in that
# package (node-gyp --nodedir), in a copy of its sources, and that build replaces the Node 20 one only while this
# pass runs (restored on exit, whatever happens): bindings loads build/Release before any version-specific path,
# so the two cannot sit side by side. Run by .ci/run after everything on Node 20; on SQLite only: what differs
# between the two Nodes is the runtime and the native module, while the PostgreSQL driver is plain JavaScript
# already run on Node 20, and both engines would double the pass. Arguments go to vitest (`.ci/node24.sh packages/api/test/config.test.ts` runs one file).
set -euo pipefail
cd "$(dirname "$0")/.."

# 24.21.0, the newest Node 24 when this was written. From 24.19.0 Node's headers make node::ObjectWrap (which better-sqlite3 12
# uses) remove a cleanup hook in its destructor, which aborts the process when such an object is collected
# while Node has no environment at hand (nodejs/node#65446); the API never lets one be collected
# (packages/api/src/storage/sqlite-keep-alive.ts), and this pass is what shows it.
NODE24_VERSION=24.21.0
work="$(mktemp -d)"
# Where npm put the API's better-sqlite3 (hoisted to the root or nested under packages/api, as the lockfile has it).
sqlite_dir="$(dirname "$(node -p "require.resolve('better-sqlite3/package.json', { paths: ['packages/api'] })")")"
addon="$sqlite_dir/build/Release/better_sqlite3.node"
restore() {
  if [ -f "$work/better_sqlite3.node20" ]; then cp "$work/better_sqlite3.node20" "$addon"; fi
  rm -rf "$work"
}
trap restore EXIT

started=$SECONDS
echo '{"private":true}' >"$work/package.json"
npm install --prefix "$work" --no-audit --no-fund --no-save "node@$NODE24_VERSION" >/dev/null
node24_bin="$work/node_modules/node/bin"
headers="$(dirname "$(dirname "$(dirname "$(find "$work/node_modules/node/node_modules" -path '*/include/node/node_api.h' | head -1)")")")"
"$node24_bin/node" --version
[ -f "$headers/include/node/common.gypi" ] || { echo "no Node $NODE24_VERSION headers in the package" >&2; exit 1; }

# The addon takes about a minute to compile (SQLite's amalgamation). A build is kept in the machine's cache,
# keyed by the Node version and the better-sqlite3 version, as npm keeps its downloads: a later run on the same
# machine uses it, any other builds it again.
sqlite_version="$(node -p "require('$sqlite_dir/package.json').version")"
cache="${XDG_CACHE_HOME:-$HOME/.cache}/plazo-ci/better-sqlite3-$sqlite_version-node-$NODE24_VERSION.node"
node24_addon="$work/better-sqlite3/build/Release/better_sqlite3.node"
mkdir -p "$work/better-sqlite3/build/Release"
if [ -f "$cache" ]; then
  cp "$cache" "$node24_addon"
  echo "better-sqlite3 $sqlite_version for Node $NODE24_VERSION from $cache"
else
  node_gyp="$(npm root -g)/npm/node_modules/node-gyp/bin/node-gyp.js"
  cp -r "$sqlite_dir"/{binding.gyp,deps,src,lib,package.json} "$work/better-sqlite3/"
  if ! (cd "$work/better-sqlite3" && PATH="$node24_bin:$PATH" node "$node_gyp" rebuild --release --nodedir="$headers" \
    -j max >"$work/node-gyp.log" 2>&1); then
    cat "$work/node-gyp.log"
    exit 1
  fi
  mkdir -p "$(dirname "$cache")" && cp "$node24_addon" "$cache.tmp" && mv "$cache.tmp" "$cache"
fi
echo "Node $NODE24_VERSION and better-sqlite3 for it ready in $((SECONDS - started)) s"

cp "$addon" "$work/better_sqlite3.node20"
cp "$node24_addon" "$addon"
suite=$SECONDS
PATH="$node24_bin:$PATH" env -u PLAZO_TEST_POSTGRES_URL node node_modules/vitest/vitest.mjs run "$@"
echo "Unit and integration suite on Node $NODE24_VERSION (SQLite) in $((SECONDS - suite)) s"
