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
. "$here/bench/lib/realsite-toml.sh"
realsite_toml "$out"
