// pelletier/go-toml reports a wrong type in Go's words ("cannot decode TOML string into struct
// field config.Navbar.HideOnScroll of type bool") and an unknown key without its name. This file
// rewrites both in docsd.toml's own words: the key as written, what it must be, and for an unknown
// key the closest one that exists.
package config

import (
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"strings"

	"docsd/pkg/textdist"

	"github.com/pelletier/go-toml/v2"
)

var tomlTypeErr = regexp.MustCompile(`cannot decode TOML (\w+) into struct field \S+ of type (\S+)`)

// decodeError turns a decoder error into an Error at the key's line and column.
func decodeError(name string, err error) error {
	// Checked first: a StrictMissingError unwraps to a DecodeError that has lost the key's name.
	var sm *toml.StrictMissingError
	if errors.As(err, &sm) && len(sm.Errors) > 0 {
		e := sm.Errors[0]
		row, col := e.Position()
		key := e.Key()
		msg := fmt.Sprintf("unknown key %q", strings.Join(key, "."))
		if len(key) > 0 {
			if s := textdist.ClosestKey(key[len(key)-1], tomlKeysAt(reflect.TypeOf(Site{}), key[:len(key)-1])); s != "" {
				msg += fmt.Sprintf(" (did you mean %q?)", s)
			}
		}
		return &Error{File: name, Line: row, Column: col, Msg: msg}
	}
	var de *toml.DecodeError
	if errors.As(err, &de) {
		row, col := de.Position()
		msg := strings.TrimPrefix(de.Error(), "toml: ")
		if m := tomlTypeErr.FindStringSubmatch(msg); m != nil && len(de.Key()) > 0 {
			msg = fmt.Sprintf("`%s` must be %s, not %s", strings.Join(de.Key(), "."), goTypeWords(m[2]), tomlTypeWords(m[1]))
		}
		return &Error{File: name, Line: row, Column: col, Msg: msg}
	}
	return &Error{File: name, Msg: err.Error()}
}

// tomlKeysAt lists the keys of the table at path below the struct t.
func tomlKeysAt(t reflect.Type, path []string) []string {
	for _, k := range path {
		t = deref(t)
		if t.Kind() != reflect.Struct {
			return nil
		}
		found := false
		for i := 0; i < t.NumField(); i++ {
			if tag, _, _ := strings.Cut(t.Field(i).Tag.Get("toml"), ","); tag == k {
				t, found = t.Field(i).Type, true
				break
			}
		}
		if !found {
			return nil
		}
	}
	t = deref(t)
	if t.Kind() != reflect.Struct {
		return nil
	}
	var keys []string
	for i := 0; i < t.NumField(); i++ {
		if tag, _, _ := strings.Cut(t.Field(i).Tag.Get("toml"), ","); tag != "" && tag != "-" {
			keys = append(keys, tag)
		}
	}
	return keys
}

func deref(t reflect.Type) reflect.Type {
	for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array {
		t = t.Elem()
	}
	return t
}

func goTypeWords(t string) string {
	t = strings.TrimPrefix(t, "*")
	switch {
	case t == "bool":
		return "true or false"
	case t == "string":
		return "a string (in quotes)"
	case strings.HasPrefix(t, "int") || strings.HasPrefix(t, "uint") || strings.HasPrefix(t, "float"):
		return "a number"
	case strings.HasPrefix(t, "[]"):
		return "a list ([...] or [[tables]])"
	}
	return "a table"
}

func tomlTypeWords(t string) string {
	switch t {
	case "integer", "float":
		return "a number"
	case "boolean":
		return "true or false"
	case "array":
		return "a list"
	case "table", "inline":
		return "a table"
	}
	return "a " + t
}
