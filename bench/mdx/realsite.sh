#!/bin/sh
# realsite.sh MIRROR OUT DOCS SRC STATIC: lays out a Docusaurus site's docs, src/ and static/ from a
# bare git mirror as a docsd project in OUT (docs under content/docs/all, one generated sidebar), so
# docsd can build its .md and .mdx pages (issue #21's real-site check). Nothing is copied into this
# repository; OUT's site/ is a link to this repository's shell.
#   bench/mdx/realsite.sh /work/.mirror/jestjs+jest/repo /tmp/real-jest docs website/src website/static
set -eu
mirror=$1 out=$2 docs=$3 src=$4 static=$5
here=$(cd "$(dirname "$0")/../.." && pwd)
rm -rf "$out" && mkdir -p "$out/x" "$out/content/docs" "$out/content/static"
git --git-dir="$mirror" archive HEAD "$docs" "$src" "$static" | tar -x -C "$out/x"
mv "$out/x/$docs" "$out/content/docs/all"
[ -d "$out/x/$src" ] && mv "$out/x/$src" "$out/src"
[ -d "$out/x/$static" ] && cp -r "$out/x/$static/." "$out/content/static/"
rm -rf "$out/x"
ln -s "$here/site" "$out/site"
entry=$(cd "$out/content/docs/all" && find . -name "*.md" -o -name "*.mdx" | sed "s|^./||" | grep -v "^_\|/_" | sort | head -1 | sed "s/\.mdx\{0,1\}$//" | tr "A-Z" "a-z")
cat > "$out/docsd.toml" <<TOML
title = "Real site"
url = "https://example.test"
base_path = "/docs/"

[navbar]
title = "Real site"

[[navbar.items]]
type = "docSidebar"
sidebar = "all"
label = "Docs"

[footer]
copyright = "Copyright"

[[sidebars]]
id = "all"
dir = "all"
entry = "all/$entry"

[[versions]]
name = "current"
label = "current"
path = "/docs"
is_last = true
main_doc = "all/$entry"
TOML
