// toml.go writes docsd.toml's text for the converter: keys, tables, inline tables and lists, with
// TOML's quoting.

package docusaurus

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// tomlWriter writes TOML by hand so the file reads like a written one: top-level keys first, then
// tables in the order of DESIGN.md's docsd.toml.
type tomlWriter struct {
	buf     bytes.Buffer
	inTable bool
}

func quote(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	// JSON string escapes are TOML basic-string escapes.
	return strings.TrimSuffix(b.String(), "\n")
}

func (w *tomlWriter) comment(s string)        { fmt.Fprintf(&w.buf, "# %s\n", s) }
func (w *tomlWriter) kv(k, v string)          { fmt.Fprintf(&w.buf, "%s = %s\n", k, quote(v)) }
func (w *tomlWriter) kvBool(k string, v bool) { fmt.Fprintf(&w.buf, "%s = %t\n", k, v) }
func (w *tomlWriter) kvInt(k string, v int)   { fmt.Fprintf(&w.buf, "%s = %d\n", k, v) }
func (w *tomlWriter) kvOpt(k, v string) {
	if v != "" {
		w.kv(k, v)
	}
}

func (w *tomlWriter) list(k string, vs []string) {
	q := make([]string, len(vs))
	for i, v := range vs {
		q[i] = quote(v)
	}
	fmt.Fprintf(&w.buf, "%s = [%s]\n", k, strings.Join(q, ", "))
}

func inlineTable(fields [][2]string) string {
	var parts []string
	for _, f := range fields {
		if f[1] != "" {
			parts = append(parts, f[0]+" = "+quote(f[1]))
		}
	}
	return "{ " + strings.Join(parts, ", ") + " }"
}

func (w *tomlWriter) inline(k string, fields [][2]string) {
	fmt.Fprintf(&w.buf, "%s = %s\n", k, inlineTable(fields))
}

func (w *tomlWriter) inlineList(k string, items [][][2]string) {
	fmt.Fprintf(&w.buf, "%s = [\n", k)
	for _, it := range items {
		fmt.Fprintf(&w.buf, "  %s,\n", inlineTable(it))
	}
	w.buf.WriteString("]\n")
}

// table opens "[name" (the caller writes "x]" or "[x]]", for a table or an array of tables).
func (w *tomlWriter) table(name string) { fmt.Fprintf(&w.buf, "\n[%s\n", name) }
func (w *tomlWriter) tableEnd()         {}
