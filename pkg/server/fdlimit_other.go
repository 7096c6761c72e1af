//go:build !unix

// Systems without an open-file limit to read get the largest default (httpserver.go).
package server

func openFileLimit() int { return 1 << 20 }
