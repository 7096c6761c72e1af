#!/usr/bin/env bash
# census.sh [site...]: issue #21's "How well" on real Docusaurus sites, as BENCHMARKS.md's
# "Session 14: Docusaurus census" records it. Each site is checked out from its bare mirror
# (/work/.mirror, fetched first; nothing is copied into this repository) into $WORK (default
# /tmp/docsd-census), `docsd init --from-docusaurus` and `docsd build --once` run on it, and
# census.py counts sources against pages built and pages with raw MDX text. Prints one table row
# per site; the logs stay in $WORK/<site>.{init,log}.
# What a site's own build does first is done too (pnpm.io copies docs/ to its last version's
# folder), and the npm packages the sites' pages import are installed once into $WORK/node_modules
# (as `npm install` gives a site its own), beside docsd's React. capacitor's pages use the Ionic
# preset's <DocCard header img href> (not Docusaurus's): SHIM=1 writes one in its src/theme, as
# docsd's error asks; without it its 7 plugins.mdx pages fail. tRPC's config computes its
# environment with zod, which docsd stubs when it reads a config: SHIM=1 writes what zod gives.
# typescript-eslint's docs import what docusaurus-plugin-typedoc generates: SHIM=1 writes stand-ins.
# DOCSD is the binary (default bin/docsd, built first). Sites: pnpm capacitor redux jest prettier
# tseslint ory (sessions 14-15); trpc supertokens (session 19; supertokens has 608 .mdx pages);
# reactnative (session 29: an ejected MDXComponents, escaped partial imports, ThemedImage); ionic
# dragonfly electron typeorm (session 31). ionic-docs maps @components to its src/components with
# docusaurus-plugin-module-alias, and its build fetches its release notes and (its own plugin) the
# components' API pages that its docs import: SHIM=1 links the folder into its node_modules and
# writes stand-ins, and puts a no-op in place of the one hook its playground imports from
# @docusaurus/theme-common/internal (the classic theme's internals, which docsd does not give).
# flow reactredux (session 32): flow's components are written in Flow (its babel.config.js adds
# @babel/preset-flow and babel-plugin-syntax-hermes-parser), which docsd compiles with the project's
# Babel since session 33 ([docusaurus] flow): the packages its package.json lists are installed
# with the others; they import
# prism-react-renderer, which the classic theme installs beside it; its stylesheet imports its
# fonts from npm packages.
set -uo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
mirrors=${MIRRORS:-/work/.mirror}
work=${WORK:-/tmp/docsd-census}
if [ -z "${DOCSD:-}" ]; then (cd "$here" && go build -o bin/docsd ./cmd/docsd) || exit 1; fi
docsd=${DOCSD:-$here/bin/docsd}
declare -A mirror=([pnpm]=pnpm+pnpm.io [capacitor]=ionic-team+capacitor-docs [redux]=reduxjs+redux [jest]=jestjs+jest
  [prettier]=prettier+prettier [tseslint]=typescript-eslint+typescript-eslint [ory]=ory+docs
  [trpc]=trpc+trpc [supertokens]=supertokens+docs [reactnative]=facebook+react-native-website
  [ionic]=ionic-team+ionic-docs [dragonfly]=dragonflydb+documentation [electron]=electron+website [typeorm]=typeorm+typeorm
  [flow]=facebook+flow [reactredux]=reduxjs+react-redux)
declare -A sitedir=([pnpm]=. [capacitor]=. [redux]=website [jest]=website [prettier]=website [tseslint]=packages/website [ory]=.
  [trpc]=www [supertokens]=. [reactnative]=website [ionic]=. [dragonfly]=. [electron]=. [typeorm]=docs
  [flow]=website [reactredux]=website)
sites=("$@")
[ ${#sites[@]} -eq 0 ] && sites=(pnpm capacitor redux jest prettier tseslint ory trpc supertokens reactnative ionic dragonfly electron typeorm flow reactredux)
mkdir -p "$work"
if [ ! -d "$work/node_modules/babel-plugin-syntax-hermes-parser" ]; then
  echo '{"private":true}' > "$work/package.json"
  (cd "$work" && npm install --no-audit --no-fund --legacy-peer-deps --ignore-scripts --loglevel=error \
    react-lite-youtube-embed react-tweet json5 clsx @uiw/react-shields classnames @stackblitz/sdk @floating-ui/react prism-react-renderer \
    @fontsource-variable/geist @fontsource-variable/geist-mono \
    @babel/core@7 @babel/preset-flow@7 @babel/plugin-syntax-jsx@7 babel-plugin-syntax-hermes-parser@0.36.1 >/dev/null) || exit 1
fi
for p in react react-dom; do rm -rf "${work:?}/node_modules/$p"; ln -s "$here/node_modules/$p" "$work/node_modules/$p"; done
printf '| site | commit | sources | pages built | hard errors | warnings (link) | pages with raw MDX text | build wall / CPU |\n|---|---|---|---|---|---|---|---|\n'
for s in "${sites[@]}"; do
  g="$mirrors/${mirror[$s]}/repo" dir="$work/$s"
  rm -rf "$dir" "$dir-out" && mkdir -p "$dir"
  # Blobs over the mirror's size limit are absent: left out (git archive stops at the first).
  ex=()
  for h in $(git --git-dir="$g" ls-tree -r HEAD | awk '$2 == "blob" {print $3}' | git --git-dir="$g" cat-file --batch-check | awk '$2 == "missing" {print $1}'); do
    ex+=(":(exclude)$(git --git-dir="$g" ls-tree -r HEAD | awk -v h="$h" '$3 == h {print $4}' | head -1)")
  done
  git --git-dir="$g" archive HEAD -- . "${ex[@]}" 2>/dev/null | tar -x -C "$dir"
  [ "$s" = pnpm ] && cp -r "$dir/docs" "$dir/versioned_docs/version-11.x" # its build's copy-docs step
  if [ "$s" = capacitor ] && [ -n "${SHIM:-}" ]; then
    mkdir -p "$dir/src/theme"
    printf '%s\n' "export default function DocCard({ header, href, img, children }) {" \
      "  return (<a className=\"doc-card\" href={href}>{img && <img src={img} alt=\"\" />}<strong>{header}</strong>{children}</a>);" "}" > "$dir/src/theme/DocCard.jsx"
  fi
  if [ "$s" = trpc ] && [ -n "${SHIM:-}" ]; then
    # Its config reads the environment through zod (a stub when docsd reads a config: init says so
    # at www/src/utils/env.js): what parseEnv gives with zod installed and no VERCEL_* variable set.
    printf '%s\n' "module.exports = { parseEnv: () => ({ VERCEL_URL: 'http://localhost:3000', VERCEL_ENV: 'development'," \
      "  VERCEL_GIT_COMMIT_REF: 'n/a', TYPEDOC: true, OG_URL: 'http://localhost:3001' }) };" > "$dir/www/src/utils/env.js"
  fi
  if [ "$s" = tseslint ] && [ -n "${SHIM:-}" ]; then
    # Its docs import the API pages docusaurus-plugin-typedoc writes into docs/packages/*/generated
    # during its own build (a plugin docsd does not run; init says so): each gets a one-line stand-in.
    for p in project-service rule-schema-to-typescript-types tsconfig-utils type-utils ast-spec; do
      mkdir -p "$dir/docs/packages/$p/generated"
      printf '%s\n' "API reference of $p, written by typedoc in the site's own build." > "$dir/docs/packages/$p/generated/index.md"
    done
  fi
  if [ "$s" = ionic ] && [ -n "${SHIM:-}" ]; then
    mkdir -p "$dir/node_modules" && ln -sfn ../src/components "$dir/node_modules/@components"
    echo '[]' > "$dir/src/components/page/reference/ReleaseNotes/release-notes.json"
    api=$dir/node_modules/@ionic-internal/component-api
    grep -rhoE "@ionic-internal/component-api/[^'\"]+" "$dir/docs" "$dir/versioned_docs" | sort -u | while read -r f; do
      mkdir -p "$(dirname "$dir/node_modules/$f")"
      printf '%s\n' "API reference of the component, written by the site's own plugin in its build." > "$dir/node_modules/$f"
    done
    mkdir -p "$api" && printf '%s\n' '{"name": "@ionic-internal/component-api", "version": "0.0.0"}' > "$api/package.json"
    sed -i "s#^import { useScrollPositionBlocker } from '@docusaurus/theme-common/internal';#const useScrollPositionBlocker = () => ({ blockElementScrollPositionUntilNextRender() {} });#" \
      "$dir/src/components/global/Playground/index.tsx" "$dir/src/components/global/PlaygroundTabs/index.tsx"
  fi
  (cd "$dir" && "$docsd" init --from-docusaurus "${sitedir[$s]}") > "$work/$s.init" 2>&1
  (cd "$dir" && /usr/bin/time -f '%e %U %S' -o "$work/$s.time" "$docsd" build --once --out "$work/$s-out") > "$work/$s.log" 2>&1
  code=$?
  errors=0
  # A page whose server render threw is named without a line (file: rendering the page failed …).
  [ $code -ne 0 ] && errors=$(grep -c ':[0-9]*:[0-9]*: \|^sidebars\|^docsd: no docsd.toml\|: rendering the page failed' "$work/$s.log")
  grep -q '^docsd init: ' "$work/$s.init" && errors="init: $(grep -c '^docsd init: ' "$work/$s.init")"
  warnings=$(grep -c '^warning' "$work/$s.log")
  links=$(grep -o '; [0-9]* link warnings' "$work/$s.log" | grep -o '[0-9]*' || echo 0)
  # A site whose init failed has no docsd.toml to count its sources by: "?".
  census=$(python3 "$here/bench/docusaurus/census.py" "$dir" "$work/$s-out" 2>/dev/null | grep '^TOTAL')
  src=$(echo "$census" | awk '{print $3}') built=$(echo "$census" | awk '{print $5}') raw=$(echo "$census" | awk '{print $8}')
  [ $code -ne 0 ] && built=0
  t=$(tail -1 "$work/$s.time" | awk '{printf "%.1f s / %.1f s", $1, $2 + $3}')
  printf '| %s | %s | %s | %s | %s | %s (%s) | %s | %s |\n' "$s" "$(git --git-dir="$g" rev-parse --short HEAD)" "${src:-?}" "${built:-0}" "$errors" "$warnings" "$links" "${raw:-?}" "$t"
done
