package ssr

// This file makes the renderers' temporary folders and removes those a killed docsd left. A folder
// goes as soon as its process has answered once (Renderer.read), but a docsd stopped before that
// (Ctrl-C early in a build, a CI job cancelled, kill -9) left it, with a copy of the server bundle,
// in the system's temporary folder for good: each cancelled build added one. A folder's name holds
// the pid of the docsd that made it, so the next docsd to start a renderer removes those whose docsd
// no longer runs, as pkg/emit tidies the output folders of killed builds at the next start.

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

const tempPrefix = "docsd-ssr-"

// makeTempDir makes a renderer's folder, "docsd-ssr-<pid>-<random>", after removing the folders
// of docsd processes that have ended.
func makeTempDir() (string, error) {
	sweepTempDirs(os.TempDir())
	return os.MkdirTemp("", tempPrefix+strconv.Itoa(os.Getpid())+"-")
}

// sweepTempDirs removes the renderer folders in tmp whose docsd no longer runs: only folders (not
// links) of this user named as makeTempDir names them. Nothing it cannot remove is an error: the
// folder stays, as before.
func sweepTempDirs(tmp string) {
	entries, err := os.ReadDir(tmp)
	if err != nil {
		return
	}
	for _, e := range entries {
		rest, ok := strings.CutPrefix(e.Name(), tempPrefix)
		pidText, _, named := strings.Cut(rest, "-")
		if !ok || !named || !e.IsDir() {
			continue
		}
		pid, err := strconv.Atoi(pidText)
		if err != nil || pid <= 0 || pid == os.Getpid() {
			continue
		}
		dir := filepath.Join(tmp, e.Name())
		if ended(pid) && ownFolder(dir) {
			_ = os.RemoveAll(dir)
		}
	}
}
