package bundle

import "testing"

func TestFlowPragma(t *testing.T) {
	for src, want := range map[string]bool{
		"// @flow\nconst a = 1;\n":                   true,
		"/* @flow */\nconst a = 1;\n":                true,
		"/**\n * Copyright\n * @flow strict\n */\nx": true,
		"'use strict';\n// @flow\n":                  false, // code comes first
		"// Copyright\n\n// @flow strict-local\nx":   true,
		"const a = 1; // @flow\n":                    false,
		"/* @flowtype */\n":                          false,
		"// no pragma\nconst flow = '@flow';\n":      false,
	} {
		if got := flowPragma.MatchString(src); got != want {
			t.Errorf("flowPragma(%q) = %v, want %v", src, got, want)
		}
	}
}
