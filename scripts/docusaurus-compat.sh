#!/usr/bin/env bash
# Why this exists: issue 20 asks that real Docusaurus sites build with docsd unchanged, with only
# `docsd init --from-docusaurus` run. This script checks out three of them from the bare mirrors
# into a temporary folder (their sources are not committed, so it is not part of `make test`),
# runs docsd init and docsd build --once on each, and prints per site: pages built against .md
# files, hard errors, pages with raw ::: or import lines in their HTML, link problems reported, and
# the build time. Usage: scripts/docusaurus-compat.sh [site...] (sites: vela prettier jest).
# MIRRORS (default /work/.mirror) is where the mirrors are; DOCSD the binary (default bin/docsd,
# built first).
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
mirrors=${MIRRORS:-/work/.mirror}
docsd=${DOCSD:-$here/bin/docsd}
if [ -z "${DOCSD:-}" ]; then
  (cd "$here" && go build -o bin/docsd ./cmd/docsd) || exit 1
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/docsd-compat-XXXX")
trap 'rm -rf "$work"' EXIT

# site name, mirror, site folder (holding docusaurus.config.*), paths to check out
declare -A mirror=([vela]=go-vela+docs [prettier]=prettier+prettier [jest]=jestjs+jest)
declare -A sitedir=([vela]=. [prettier]=website [jest]=website)
declare -A paths=([vela]="." [prettier]="docs website package.json" [jest]="docs website crowdin.yaml")

sites=("$@")
[ ${#sites[@]} -eq 0 ] && sites=(vela prettier jest)

printf '| site | .md docs / posts | pages built | docs with a sidebar | hard errors | pages with raw ::: / import | link problems | init notes | build time (wall / CPU) |\n'
printf '|---|---|---|---|---|---|---|---|---|\n'
for s in "${sites[@]}"; do
  git_dir="$mirrors/${mirror[$s]}/repo"
  dir="$work/$s"
  mkdir -p "$dir"
  # shellcheck disable=SC2086
  git --git-dir="$git_dir" archive HEAD ${paths[$s]} | tar -x -C "$dir"
  # Markdown files Docusaurus routes: not _-prefixed (partials), docs of every version and posts.
  count() { (cd "$dir" && find "$@" -name '*.md' -not -name '_*' -not -path '*/_*' 2>/dev/null | wc -l); }
  mddocs=$(count ./docs "./${sitedir[$s]}/versioned_docs")
  mdblog=$(count "./${sitedir[$s]}/blog")
  (cd "$dir" && "$docsd" init --from-docusaurus "${sitedir[$s]}") >"$work/$s.init" 2>&1
  notes=$(grep -c '^  ' "$work/$s.init")
  # GNU time gives the CPU time of the build's whole process tree (docsd and its Node renderer):
  # on a shared machine the wall time says more about the neighbours than about docsd.
  timer=()
  [ -x /usr/bin/time ] && timer=(/usr/bin/time -f '%e %U %S' -o "$work/$s.time")
  start=$(date +%s.%N)
  (cd "$dir" && "${timer[@]}" "$docsd" build --once --out "$work/$s-out") >"$work/$s.out" 2>"$work/$s.err"
  code=$?
  end=$(date +%s.%N)
  secs=$(echo "$end - $start" | bc)
  cpu="?"
  [ -s "$work/$s.time" ] && cpu=$(tail -1 "$work/$s.time" | awk '{printf "%.1f", $2 + $3}')
  pages=$(grep -o 'built [0-9]* pages' "$work/$s.out" | grep -o '[0-9]*' || echo 0)
  links=$(grep -o '; [0-9]* link warnings' "$work/$s.out" | grep -o '[0-9]*' || echo 0)
  errors=0
  if [ $code -ne 0 ]; then
    errors=$(grep -c ':[0-9]*:[0-9]*: \|^rendering\|failed' "$work/$s.err")
    [ "$errors" -eq 0 ] && errors=1
    pages=0
  fi
  raw=0
  sidebar=0
  docs=0
  if [ -d "$work/$s-out" ]; then
    # Pages whose text (outside code) has a line starting with ::: or import ... from: Markdown or
    # MDX syntax left raw. Code blocks are left out: a code sample may well show an import.
    raw=$(python3 - "$work/$s-out" <<'PY'
import os, pathlib, re, sys
n = 0
for f in pathlib.Path(sys.argv[1]).rglob('*.html'):
    html = f.read_text(errors='replace')
    html = re.sub(r'<(pre|code|script|style)\b.*?</\1>', '', html, flags=re.S)
    text = re.sub(r'<[^>]+>', '\n', html)
    if re.search(r'^[ \t]*(:::[a-z]|import [A-Za-z{*].* from )', text, flags=re.M):
        n += 1
        if os.environ.get("VERBOSE"): print(f, file=sys.stderr)
print(n)
PY
)
    docs=$(grep -rl '"kind":"doc"' --include='*.json' "$work/$s-out/__data" 2>/dev/null | wc -l)
    sidebar=$(grep -rl '"kind":"doc"' --include='*.json' "$work/$s-out/__data" 2>/dev/null | xargs -r grep -l '"sidebar":"' | wc -l)
  fi
  printf '| %s | %s | %s | %s of %s | %s | %s | %s | %s | %.1f s / %s s |\n' "$s" "$mddocs / $mdblog" "$pages" "$sidebar" "$docs" "$errors" "$raw" "$links" "$notes" "$secs" "$cpu"
  if [ -n "${VERBOSE:-}" ]; then
    echo "--- $s: init"; cat "$work/$s.init"
    echo "--- $s: build (first 40 lines of stderr)"; head -40 "$work/$s.err"
  fi
  if [ -n "${KEEP:-}" ]; then
    mkdir -p "$KEEP" && cp "$work/$s.init" "$work/$s.err" "$work/$s.out" "$KEEP/" 2>/dev/null
    for f in init err out; do mv "$KEEP/$s.$f" "$KEEP/$s-$f.txt" 2>/dev/null; done
  fi
done
