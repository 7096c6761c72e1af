package build

// Starting the Node renderers. A full build with no renderer running starts them first thing
// (startRenderersEarly), so Node's start and React's loading overlap reading the sources and
// bundling the shell; when the bundle is ready they only load it (startRenderers). A build whose
// server bundle changed starts new ones from the bundle, as before.

import (
	"path/filepath"
	"runtime"

	"docsd/pkg/ssr"
)

// shellDir is the folder of the shell's sources (site/ unless Options.SiteDir says otherwise).
func (b *Builder) shellDir() string {
	if b.opts.SiteDir != "" {
		return b.opts.SiteDir
	}
	return filepath.Join(b.opts.Root, "site")
}

// rendererSetup is how many renderers a build runs and Node's flags for them.
func (b *Builder) rendererSetup() (int, []string) {
	n := b.opts.Renderers
	if n == 0 {
		n = defaultRenderers(runtime.GOMAXPROCS(0))
	}
	var flags []string
	if b.opts.LowMemory {
		// A smaller young generation: more frequent, smaller collections, a few MB less held
		// by a renderer that serves one page at a time.
		// --expose-gc lets it collect everything once requests pause (entry-server.jsx).
		flags = append(flags, "--max-semi-space-size=1", "--expose-gc")
	}
	if b.oneBuild {
		flags = append(flags, ssr.OneBuildFlag)
	}
	return n, flags
}

// startRenderersEarly starts the renderers of a build that has none yet, before their bundle
// exists. A failure here is not reported: startRenderers starts them again from the bundle and
// reports what goes wrong then.
func (b *Builder) startRenderersEarly() {
	if b.renderer != nil || b.earlyRenderers != nil {
		return
	}
	n, flags := b.rendererSetup()
	if e, err := ssr.StartEarly(b.shellDir(), n, flags...); err == nil {
		b.earlyRenderers = e
	}
}

// startRenderers makes b.renderer the renderers of the server bundle js: the ones started early
// if they wait, else new ones.
func (b *Builder) startRenderers(js []byte) error {
	var r *ssr.Pool
	var err error
	if b.earlyRenderers != nil {
		// A process that stopped before its bundle came (Load's error) is started again from
		// the bundle: what fails then is reported.
		r, err = b.earlyRenderers.Load(js)
		b.earlyRenderers = nil
		if err == nil {
			b.earlyLoads++
		}
	}
	if r == nil {
		n, flags := b.rendererSetup()
		r, err = ssr.StartPool(js, n, flags...)
	}
	if err != nil {
		return err
	}
	b.renderer = r
	b.rendererStarts++
	return nil
}

// stopRenderersAfterPages stops the renderers of a build that renders nothing more (--once) as
// soon as its last page is rendered: Node's exit (its heap freed, 50-200 ms) then runs beside the
// search index, the link check and the output's last writes instead of after them, in Close.
func (st *state) stopRenderersAfterPages() {
	if st.req.once && st.b.renderer != nil {
		st.b.renderer.Stop()
	}
}
