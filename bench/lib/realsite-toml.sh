# realsite_toml PROJECT: writes PROJECT/docsd.toml for a real Docusaurus site's docs laid out under
# PROJECT/content/docs/all (one generated sidebar; its first page, in path order and not a partial,
# is the entry). Sourced by bench/mdx/realsite.sh and bench/docusaurus/realsite.sh, which lay such a
# site out in two ways and must configure it the same.
realsite_toml() {
  entry=$(cd "$1/content/docs/all" && find . -name "*.md" -o -name "*.mdx" | sed "s|^./||" | grep -v "^_\|/_" | sort | sed -n 1p | sed "s/\.mdx\{0,1\}$//" | tr "A-Z" "a-z")
  cat > "$1/docsd.toml" <<TOML
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
}
