#!/usr/bin/env bash
# Builds the docs site and tests it in headless Chromium (Debian's /usr/bin/chromium; .ci/run
# installs it when missing). Node's test runner prints the summary.
set -euo pipefail
cd "$(dirname "$0")"
./build.sh
node --test test/
