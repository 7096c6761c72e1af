#!/usr/bin/env bash
# Why this exists: issue 2 compares docsd's build speed with Docusaurus 3.8.1's on this site. The
# content format is Docusaurus-compatible (DESIGN.md §3), so Docusaurus can build our own content.
# This script installs Docusaurus from the npm registry into a temporary folder (nothing of it is
# kept or committed) inside the repository's .bench/ (ignored by git): both tools build inside the
# checkout, where a CI job builds, not in /tmp, which on this machine is several times slower to
# create files in (2-core VM, ext4: 662 files take 140-170 ms in /tmp against 20-45 ms beside the
# repository). Then compare.mjs copies our content there, times cold builds of both tools
# alternately in the same run and prints a Markdown table (--record also writes it into BENCHMARKS.md).
# Usage: bench/docusaurus/run.sh [--record] [--docsd-runs N] [--docusaurus-runs N]
# (`make bench-docusaurus` builds bin/docsd first and records.)
set -euo pipefail
# GNU time reports the CPU time of each build's whole process tree.
if [ ! -x /usr/bin/time ]; then
  echo "installing Debian's time (GNU time)"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq time >/dev/null
fi
here=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$here/.bench"
work=$(mktemp -d "$here/.bench/docusaurus-XXXX")
trap 'rm -rf "$work"' EXIT
cd "$work"
# webpack is held at 5.99: later 5.x releases reject the progress-bar options Docusaurus 3.8.1 passes.
cat > package.json <<'JSON'
{ "private": true, "dependencies": {
  "@docusaurus/core": "3.8.1", "@docusaurus/preset-classic": "3.8.1",
  "@mdx-js/react": "^3.0.0", "react": "^19.0.0", "react-dom": "^19.0.0" },
  "overrides": { "webpack": "5.99.9" } }
JSON
echo "installing Docusaurus 3.8.1 into $work"
if ! npm install --no-audit --no-fund --loglevel=error >npm-install.log 2>&1; then
  cat npm-install.log >&2
  exit 1
fi
node "$here/bench/docusaurus/compare.mjs" --site "$work" "$@"
