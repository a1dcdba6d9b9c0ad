#!/usr/bin/env bash
# Builds the docs site from ../docs into site/dist: `site/build.sh` (Node 20+ and npm; everything
# else comes from the npm registry, pinned by package-lock.json).
set -euo pipefail
cd "$(dirname "$0")"
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
npx vitepress build
