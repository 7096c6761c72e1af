package mdx

// A partial that is CommonMark by Docusaurus's rules (a .md file under markdown.format "detect",
// or one that uses no MDX syntax) is compiled by Docusaurus as CommonMark: text such as `<= 5` or
// `{id}` is text there, and MDX would fail on it (ory's ui-messages.md, which an .mdx page imports,
// has headings like "length must be <= 5"). docsd renders such a partial with its Markdown
// renderer, as it renders a Markdown page, into a module that shows the HTML.

import (
	"fmt"
)

// commonMark is the module of a CommonMark partial: its default export shows the partial's HTML
// through <DocsdHTML>, the component that shows code blocks' highlighted HTML (a site's
// MDXComponents may override it, as it may for code blocks).
func (c *Compiler) commonMark(body []byte, line int, opts Options) (string, error) {
	doc := c.conv.Parse(body, line)
	if doc.Title != "" {
		// A partial is shown as written: its first heading is no page title to take out (an
		// HTML comment before it, one line up, keeps it in).
		doc = c.conv.Parse(append([]byte("<!-- -->\n"), body...), line-1)
	}
	resolve := opts.Resolve
	if resolve == nil {
		resolve = func(dest string, _ bool) string { return dest }
	}
	html, err := doc.Render(resolve)
	if err != nil {
		return "", fmt.Errorf("%s: %w", opts.File, err)
	}
	lit := jsString(string(html))
	return c.tocModule(nil, line, doc) + `import {jsx as _jsx} from "react/jsx-runtime";
import {useMDXComponents as _provideComponents} from "docsd:mdx-components";
export default function MDXContent(props = {}) {
  const _components = {..._provideComponents(), ...props.components};
  return _jsx(_components.DocsdHTML, {html: ` + lit + `});
}
`, nil
}
