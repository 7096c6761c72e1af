#!/usr/bin/env bash
# Why this exists: issue 20 asks that real Docusaurus sites build with docsd unchanged, with only
# `docsd init --from-docusaurus` run. This script checks out three of them from the bare mirrors
# into a temporary folder (their sources are not committed, so it is not part of `make test`),
# runs docsd init and docsd build --once on each, and prints per site: pages built against .md
# files, hard errors, pages with raw ::: or import lines in their HTML, link problems reported, and
# the build time. Usage: scripts/docusaurus-compat.sh [site...] (sites: vela prettier jest).
# MIRRORS (default /work/.mirror) is where the mirrors are; DOCSD the binary (default bin/docsd,
# built first).
# DOCUSAURUS=1 also builds each site with Docusaurus 3.8.1 (installed once into .bench/, as
# bench/docusaurus/run.sh installs it; scripts/docusaurus-build.mjs writes a minimal config for the
# site's docs, sidebars, versions and blog) and prints a second table: both build times and how many
# of docsd's link problems Docusaurus also reports (the rest are listed: false alarms or not).
# The npm packages the sites' Markdown and theme files import (what their own `npm install` would
# give) are installed beside each checkout, at the versions their package.json names.
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
# What scripts/docusaurus-build.mjs needs to write each site's minimal Docusaurus config (read from
# their docusaurus.config.*: docs path, route, sidebars file, blog, base URL).
declare -A dconf=(
  [vela]='{"title":"Vela","baseUrl":"/docs/","docsPath":"docs","routeBasePath":"/","sidebarPath":"./sidebars.js","blogPath":"blog"}'
  [prettier]='{"title":"Prettier","docsPath":"../docs","sidebarPath":"./sidebars.json","blogPath":"blog"}'
  [jest]='{"title":"Jest","docsPath":"../docs","sidebarPath":"./sidebars.json","blogPath":"blog"}'
)
dinst="$here/.bench/docusaurus-3.8.1"
. "$here/bench/lib/docusaurus.sh"
if [ -n "${DOCUSAURUS:-}" ]; then docusaurus_install "$dinst" || exit 1; fi
# extras DIR SITE_FILES...: installs into DIR the packages the site's files import, at the versions
# its package.json files name, without peer dependencies (React comes from docsd's or
# Docusaurus's own install: two copies of React break its hooks).
extras() {
  local into=$1; shift
  local pkgs
  pkgs=$(node "$here/scripts/docusaurus-build.mjs" imports "$@" | while read -r name; do
    ver=$(for pj in $(find "$checkout" -maxdepth 2 -name package.json -not -path '*/node_modules/*'); do
      node -e 'const p=require(process.argv[1]);const d={...p.devDependencies,...p.dependencies};if(d[process.argv[2]])console.log(d[process.argv[2]])' "$pj" "$name"; done | head -1)
    echo "$name@${ver:-latest}"
  done)
  [ -z "$pkgs" ] && return 0
  mkdir -p "$into"
  [ -f "$into/package.json" ] || echo '{"private":true}' > "$into/package.json"
  # shellcheck disable=SC2086
  (cd "$into" && npm install --no-audit --no-fund --legacy-peer-deps --ignore-scripts --loglevel=error $pkgs >>npm-extras.log 2>&1) ||
    echo "could not install $pkgs (see $into/npm-extras.log)" >&2
}

declare -A dsecs dcpu dlinks
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
  checkout=$dir
  # Into the folder above the checkout (files resolve packages upwards): a package.json in the
  # checkout (prettier's) would install the whole project.
  extras "$work" "$dir/docs" "$dir/${sitedir[$s]}/blog" "$dir/${sitedir[$s]}/src" "$dir/${sitedir[$s]}/versioned_docs"
  # Those packages import React at server rendering, where Node finds it from their folder: give
  # them docsd's own copy (one React; Node loads a link by its real path).
  mkdir -p "$work/node_modules"
  for p in react react-dom; do [ -e "$work/node_modules/$p" ] || ln -s "$here/node_modules/$p" "$work/node_modules/$p"; done
  notes=$(grep -c '^  ' "$work/$s.init")
  # GNU time gives the CPU time of the build's whole process tree (docsd and its Node renderer):
  # on a shared machine the wall time says more about the neighbours than about docsd.
  timer=()
  [ -x /usr/bin/time ] && timer=(/usr/bin/time -f '%e %U %S' -o "$work/$s.time")
  start=$(date +%s.%N)
  (cd "$dir" && "${timer[@]}" "$docsd" build --once --out "$work/$s-out" --links-format json --links-report "$work/$s.links.json") >"$work/$s.out" 2>"$work/$s.err"
  code=$?
  end=$(date +%s.%N)
  secs=$(echo "$end - $start" | bc)
  cpu="?"
  [ -s "$work/$s.time" ] && cpu=$(tail -1 "$work/$s.time" | awk '{printf "%.1f", $2 + $3}')
  pages=$(grep -o 'built [0-9]* pages' "$work/$s.out" | grep -o '[0-9]*' || echo 0)
  links=$(grep -o '; [0-9]* link warnings' "$work/$s.out" | grep -o '[0-9]*' || echo 0)
  dsecs[$s]=$secs dcpu[$s]=$cpu dlinks[$s]=$links
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
    [ -f "$work/$s.links.json" ] && cp "$work/$s.links.json" "$KEEP/$s-links.json"
    for f in init err out; do mv "$KEEP/$s.$f" "$KEEP/$s-$f.txt" 2>/dev/null; done
  fi
done

[ -z "${DOCUSAURUS:-}" ] && exit 0
echo
printf '| site | docsd build (wall / CPU) | Docusaurus 3.8.1 build (wall / CPU) | docsd link problems | also broken on Docusaurus | docsd only | Docusaurus warnings (broken links, anchors, unresolved .md links) |\n'
printf '|---|---|---|---|---|---|---|\n'
for s in "${sites[@]}"; do
  git_dir="$mirrors/${mirror[$s]}/repo"
  site="$dinst/sites/$s"
  rm -rf "$site" && mkdir -p "$site"
  # shellcheck disable=SC2086
  git --git-dir="$git_dir" archive HEAD ${paths[$s]} | tar -x -C "$site"
  checkout=$site
  extras "$dinst/sites" "$site/docs" "$site/${sitedir[$s]}/blog" "$site/${sitedir[$s]}/src" "$site/${sitedir[$s]}/versioned_docs"
  sd="$site/${sitedir[$s]}"
  node "$here/scripts/docusaurus-build.mjs" config "$sd" "${dconf[$s]}"
  rm -f "$work/$s.dtime"
  start=$(date +%s.%N)
  # No update notifier: it runs `yarn --version` when the site has a yarn.lock (prettier), and
  # yarn is not installed here.
  (cd "$sd" && NO_UPDATE_NOTIFIER=1 /usr/bin/time -f '%e %U %S' -o "$work/$s.dtime" "$dinst/node_modules/.bin/docusaurus" build --config docusaurus.compat.config.mjs \
    --out-dir "$work/$s-docusaurus" --no-minify) >"$work/$s.dlog" 2>&1
  code=$?
  end=$(date +%s.%N)
  secs=$(echo "$end - $start" | bc)
  cpu="?"
  [ -s "$work/$s.dtime" ] && cpu=$(tail -1 "$work/$s.dtime" | awk '{printf "%.1f", $2 + $3}')
  if [ $code -ne 0 ]; then
    echo "Docusaurus failed on $s (exit $code):" >&2
    tail -30 "$work/$s.dlog" >&2
  fi
  cmp=$(node "$here/scripts/docusaurus-build.mjs" compare "$work/$s.links.json" "$work/$s.dlog")
  conf=$(echo "$cmp" | node -e 'const c=JSON.parse(require("fs").readFileSync(0,"utf8"));console.log(c.confirmed+"\t"+c.docsdOnly.length+"\t"+c.docusaurusLinks)')
  IFS=$'\t' read -r confirmed only dus <<<"$conf"
  printf '| %s | %.1f s / %s s | %.1f s / %s s | %s | %s | %s | %s |\n' "$s" "${dsecs[$s]}" "${dcpu[$s]}" "$secs" "$cpu" "${dlinks[$s]}" "$confirmed" "$only" "$dus"
  if [ "$only" != "0" ] || [ -n "${VERBOSE:-}" ]; then
    echo "$cmp" | node -e 'for (const r of JSON.parse(require("fs").readFileSync(0,"utf8")).docsdOnly) console.log(`  docsd only: ${r.file}:${r.line}: ${r.message}`)'
  fi
  if [ -n "${KEEP:-}" ]; then
    cp "$work/$s.dlog" "$KEEP/$s-docusaurus.txt"; echo "$cmp" > "$KEEP/$s-compare.json"
    [ -f "$work/$s.links.json" ] && cp "$work/$s.links.json" "$KEEP/$s-links.json"
  fi
done
