#!/usr/bin/env bash
# Why this exists: issue #21 asks that the whole build of a real site with many MDX pages stay at
# least 20× faster with docsd than with Docusaurus 3 on the same content, measured in the same run.
# This script lays one out twice from a bare git mirror (fetched into /work/.mirror; none of its files
# are committed, they stay in the repository's .bench/, which git ignores), then hands both to
# compare.mjs, which times cold builds of both tools alternately and checks docsd's MDX pages:
#   - a Docusaurus 3.8.1 site (installed as run.sh installs it, once, into .bench/docusaurus-3.8.1):
#     the docs folders under docs/, the site's src/components, and a minimal classic config (one
#     folder-generated sidebar; the site's own config loads plugins and packages not installed here);
#   - a docsd project over copies of the same files (content/docs/all, src/components), shaped as
#     bench/mdx/realsite.sh shapes one.
# Usage: bench/docusaurus/realsite.sh typescript-eslint [-- compare.mjs options]
#        bench/docusaurus/realsite.sh MIRROR COMPONENTS DOCS[:SUBFOLDER]... [-- compare.mjs options]
# The first form is the site measured in BENCHMARKS.md (session 8), from $MIRRORS (default
# /work/.mirror; fetch it first: typescript-eslint/typescript-eslint), with its EXCLUDE list; the second
# is any site, e.g. the same by hand:
#   bench/docusaurus/realsite.sh /work/.mirror/typescript-eslint+typescript-eslint/repo \
#     packages/website/src/components docs packages/eslint-plugin/docs/rules:rules -- --docusaurus-runs 3
#   (with EXCLUDE as the first form sets it)
# DOCSD is the binary (default bin/docsd, built first). LAYOUT_ONLY=1 lays the two out and stops.
# MDX_COMPONENTS is the mirror's folder of the site's src/theme/MDXComponents, copied into both
# layouts; with MDX_GIVES (names the folder's files export), its index gives only those, with the
# tool's own map. BENCH_PACKAGES are npm packages those components import, installed once into
# .bench/packages (without their peers: React stays each tool's own) and copied into both;
# MIRROR_PACKAGES (PATH:NAME) are the mirror's own packages they import (their package.json).
# EXCLUDE lists files (under docs/ as laid out) to leave out of both: pages that only the site's own
# plugins can build (typescript-eslint: rules/README.md, its rules table reads their data).
set -euo pipefail
if [ "${1:-}" = typescript-eslint ]; then
  shift
  # Pages only the site's own build makes: the rules table (its plugin's data), the rule template,
  # and pages importing generated or out-of-tree files.
  EXCLUDE="rules/README.md rules/TEMPLATE.md packages/Project_Service.mdx packages/RuleSchemaToTypeScriptTypes.mdx
    packages/Rule_Tester.mdx packages/TSConfig_Utils.mdx packages/Type_Utils.mdx packages/typescript-estree/AST_Spec.mdx
    users/Dependency_Versions.mdx"
  # The site's src/theme/MDXComponents gives eight pages <PackageLink> and <HiddenHeading>: both
  # layouts get it, with those two (its others read the site's plugin data), the npm package
  # PackageLink draws its badge with, and the parser's package.json it reads the version from.
  MDX_COMPONENTS=packages/website/src/theme/MDXComponents MDX_GIVES="HiddenHeading PackageLink"
  BENCH_PACKAGES="@uiw/react-shields@2.0.2" MIRROR_PACKAGES="packages/parser:@typescript-eslint/parser"
  export EXCLUDE MDX_COMPONENTS MDX_GIVES BENCH_PACKAGES MIRROR_PACKAGES
  set -- "${MIRRORS:-/work/.mirror}/typescript-eslint+typescript-eslint/repo" packages/website/src/components \
    docs packages/eslint-plugin/docs/rules:rules "$@"
fi
[ $# -ge 3 ] || { sed -n '/^# Usage/,/^# DOCSD/p' "$0" >&2; exit 2; }
mirror=$1 components=$2
shift 2
docs=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do docs+=("$1"); shift; done
[ "${1:-}" = "--" ] && shift
here=$(cd "$(dirname "$0")/../.." && pwd)
if [ -z "${DOCSD:-}" ]; then
  (cd "$here" && go build -o bin/docsd ./cmd/docsd)
fi
. "$here/bench/lib/docusaurus.sh"
gnu_time_install
dinst="$here/.bench/docusaurus-3.8.1"
docusaurus_install "$dinst"
name=$(basename "$(dirname "$mirror")"); name=$(echo "${name##*+}" | sed "s/[^A-Za-z0-9_-]/-/g")
# The Docusaurus site sits inside the install folder, where Node and webpack find its packages.
site="$dinst/real-$name"
project="$here/.bench/real-$name-docsd"
rm -rf "$site" "$project"
mkdir -p "$site/x" "$site/docs" "$site/src" "$project/content/docs/all" "$project/src"
paths=("$components")
[ -n "${MDX_COMPONENTS:-}" ] && paths+=("$MDX_COMPONENTS")
for m in ${MIRROR_PACKAGES:-}; do paths+=("${m%%:*}/package.json"); done
for d in "${docs[@]}"; do paths+=("${d%%:*}"); done
# Files over the mirror's size limit are absent from it: left out (git archive stops at the first).
missing=$(git --git-dir="$mirror" ls-tree -r HEAD -- "${paths[@]}" | awk '$2 == "blob" {print $3}' |
  git --git-dir="$mirror" cat-file --batch-check | awk '$2 == "missing" {print $1}')
exclude=()
for h in $missing; do
  exclude+=(":(exclude)$(git --git-dir="$mirror" ls-tree -r HEAD -- "${paths[@]}" | awk -v h="$h" '$3 == h {print $4}')")
done
git --git-dir="$mirror" archive HEAD -- "${paths[@]}" "${exclude[@]}" | tar -x -C "$site/x"
for d in "${docs[@]}"; do
  from=${d%%:*} to=${d#*:}
  [ "$to" = "$d" ] && to=.
  mkdir -p "$site/docs/$to"
  cp -r "$site/x/$from/." "$site/docs/$to/"
done
cp -r "$site/x/$components" "$site/src/components"
if [ -n "${MDX_COMPONENTS:-}" ]; then
  mkdir -p "$site/src/theme"
  cp -r "$site/x/$MDX_COMPONENTS" "$site/src/theme/MDXComponents"
  if [ -n "${MDX_GIVES:-}" ]; then
    rm -f "$site/src/theme/MDXComponents"/index.*
    {
      echo "import MDXComponents from '@theme-original/MDXComponents';"
      for n in $MDX_GIVES; do echo "import { $n } from './$n';"; done
      echo "export default { ...MDXComponents, $(echo $MDX_GIVES | sed 's/ /, /g') };"
    } > "$site/src/theme/MDXComponents/index.tsx"
  fi
fi
mkdir -p "$site/x-packages"
for m in ${MIRROR_PACKAGES:-}; do
  mkdir -p "$site/x-packages/${m#*:}"
  cp "$site/x/${m%%:*}/package.json" "$site/x-packages/${m#*:}/"
done
if [ -n "${BENCH_PACKAGES:-}" ]; then
  pk="$here/.bench/packages"
  if [ ! -f "$pk/.installed" ] || [ "$(cat "$pk/.installed")" != "$BENCH_PACKAGES" ]; then
    rm -rf "$pk" && mkdir -p "$pk" && echo '{ "private": true }' > "$pk/package.json"
    (cd "$pk" && npm install --no-audit --no-fund --loglevel=error --legacy-peer-deps $BENCH_PACKAGES >/dev/null)
    echo "$BENCH_PACKAGES" > "$pk/.installed"
  fi
  cp -r "$pk/node_modules/." "$site/x-packages/"
fi
rm -rf "$site/x"
# Pages that need what the minimal config leaves out (the site's plugins, their data) go, from both.
for f in ${EXCLUDE:-}; do rm -f "$site/docs/$f"; done
# Docusaurus: the docs at /docs/all/… as docsd routes them (base path /docs/, folder all). The docs
# stay at the docs root, where their front matter's doc ids (pagination_next, …) point; a front
# matter slug (/getting-started) is then /docs/all/getting-started here and /docs/getting-started
# in docsd, where "all" is a folder, not the docs' route.
cat > "$site/docusaurus.config.js" <<'JS'
export default {
  title: 'Real site',
  url: 'https://example.test',
  baseUrl: '/docs/',
  onBrokenLinks: 'warn',
  onBrokenMarkdownLinks: 'warn',
  onBrokenAnchors: 'warn',
  i18n: { defaultLocale: 'en', locales: ['en'] },
  presets: [['classic', { docs: { path: 'docs', routeBasePath: 'all', sidebarPath: './sidebars.js' }, blog: false, pages: false, theme: {} }]],
  themeConfig: { navbar: { title: 'Real site', items: [] }, footer: { copyright: 'Copyright' } },
};
JS
# One sidebar of every doc; and each sidebar a doc names in its front matter (displayed_sidebar),
# which Docusaurus requires to exist: the folder of the docs that name it.
node - "$site/docs" > "$site/sidebars.js" <<'JS'
const fs = require('node:fs');
const path = require('node:path');
const root = process.argv[2];
const named = {};
for (const e of fs.readdirSync(root, { recursive: true })) {
  if (!/\.mdx?$/.test(e)) continue;
  const m = /^---\n[\s\S]*?^displayed_sidebar:\s*['"]?([\w-]+)/m.exec(fs.readFileSync(path.join(root, e), 'utf8'));
  if (m) (named[m[1]] ||= []).push(path.dirname(e));
}
const sidebars = { all: [{ type: 'autogenerated', dirName: '.' }] };
for (const [name, dirs] of Object.entries(named)) {
  const dir = dirs.reduce((a, b) => { while (a !== '.' && b !== a && !b.startsWith(a + '/')) a = path.dirname(a); return a; });
  sidebars[name] ||= [{ type: 'autogenerated', dirName: dir }];
}
console.log(`export default ${JSON.stringify(sidebars)};`);
JS
# docsd: the same files, copied (as Docusaurus reads them: webpack follows links to their real paths).
cp -r "$site/docs/." "$project/content/docs/all/"
cp -r "$site/src/components" "$project/src/components"
[ -d "$site/src/theme" ] && cp -r "$site/src/theme" "$project/src/theme"
ln -s "$here/site" "$project/site"
# One React at server rendering: the site's components find docsd's copy, as the shell does.
mkdir -p "$project/node_modules"
for p in react react-dom; do ln -s "$here/node_modules/$p" "$project/node_modules/$p"; done
# The packages the site's components import (Docusaurus finds them in its install folder), each
# only where that folder has no copy of it yet: Docusaurus's own stay as installed.
for d in "$project/node_modules" "$dinst/node_modules"; do
  (cd "$site/x-packages" && find . -mindepth 1 -maxdepth 2 -name package.json -prune -o -mindepth 1 -maxdepth 2 -type d -print) |
    sed 's|^\./||' | while read -r p; do
      case "$p" in @*/*) ;; @*) continue ;; */*) continue ;; esac
      [ -e "$d/$p" ] || { mkdir -p "$d/$(dirname "$p")"; cp -r "$site/x-packages/$p" "$d/$p"; }
    done
done
rm -rf "$site/x-packages"
. "$here/bench/lib/realsite-toml.sh"
realsite_toml "$project"
if [ -n "${LAYOUT_ONLY:-}" ]; then
  echo "Docusaurus site: $site"
  echo "docsd project: $project"
  exit 0
fi
node "$here/bench/docusaurus/compare.mjs" --site "$site" --project "$project" "$@"
