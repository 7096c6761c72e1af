#!/usr/bin/env bash
# Compares a cold build of this site by docsd with a cold build of the same content by Docusaurus
# 3.8.1 (the content format is Docusaurus-compatible, DESIGN.md §3), measured in the same run on the
# same machine. Docusaurus is installed from the npm registry into a temporary folder; nothing of it
# is kept. Usage: bench/docusaurus/run.sh [--record]
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d /tmp/docsd-vs-docusaurus-XXXX)
trap 'rm -rf "$work"' EXIT
cd "$work"
# webpack is held at 5.99: later 5.x releases reject the progress-bar options Docusaurus 3.8.1 passes.
cat > package.json <<'JSON'
{ "private": true, "dependencies": {
  "@docusaurus/core": "3.8.1", "@docusaurus/preset-classic": "3.8.1",
  "@mdx-js/react": "^3.0.0", "react": "^19.0.0", "react-dom": "^19.0.0" },
  "overrides": { "webpack": "5.99.9" } }
JSON
npm install --no-audit --no-fund --loglevel=error >/dev/null
# Copies, not links: modules resolved from a linked file's real path would find this repository's
# own React, and two Reacts in one render break it.
cp -r "$here/content/docs" docs
cp -r "$here/content/blog" blog
mkdir -p src && cp -r "$here/content/pages" src/pages
cp -r "$here/content/static" static
cp "$here/bench/docusaurus/docusaurus.config.js" "$here/bench/docusaurus/sidebars.js" .

seconds() { local s e; s=$(date +%s.%N); "$@" >/dev/null 2>&1; e=$(date +%s.%N); echo "$e - $s" | bc; }
docusaurus=$(seconds npx docusaurus build --out-dir "$work/out-docusaurus")
pages_d=$(find "$work/out-docusaurus" -name '*.html' | wc -l)
docsd=$(cd "$here" && seconds bin/docsd build --once --out "$work/out-docsd")
pages_v=$(find "$work/out-docsd" -name '*.html' | wc -l)
ratio=$(echo "scale=1; $docusaurus / $docsd" | bc)
table=$(printf '| tool | cold build of this site | HTML files |\n|---|---|---|\n| Docusaurus 3.8.1 (`docusaurus build`) | %.1f s | %s |\n| docsd (`docsd build --once`) | %.2f s | %s |\n| ratio | **%s×** faster | |\n' \
  "$docusaurus" "$pages_d" "$docsd" "$pages_v" "$ratio")
echo "$table"
if [[ "${1:-}" == "--record" ]]; then
  section="<!-- bench:docusaurus -->
Measured $(date -u +%F) with \`bench/docusaurus/run.sh --record\`: one cold build each, in the same run, on this machine ($(nproc) cores).

$table
<!-- /bench:docusaurus -->"
  python3 - "$here/BENCHMARKS.md" "$section" <<'PY'
import sys, re
path, section = sys.argv[1], sys.argv[2]
try:
    text = open(path).read()
except FileNotFoundError:
    text = "# Benchmarks\n\nFigures measured on this repository's machine; each section says the command that produced it.\n"
if "<!-- bench:docusaurus -->" in text:
    text = re.sub(r"<!-- bench:docusaurus -->.*?<!-- /bench:docusaurus -->", lambda m: section, text, flags=re.S)
else:
    text += "\n## Docusaurus comparison\n\n" + section + "\n"
open(path, "w").write(text)
PY
fi
