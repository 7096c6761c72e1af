package bundle

// Why this file: react-router 7 ships each module twice, a development build (dist/development,
// with ENABLE_DEV_WARNINGS = true: its console warnings and the code behind them) and a production
// build (dist/production), but its package.json "exports" names only the development files
// (remix-run/react-router#14102, open upstream), so a production bundle of the shell carried the
// development build. A production bundle takes the production file beside each development file.

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
)

const routerDevelopment, routerProduction = "/react-router/dist/development/", "/react-router/dist/production/"

// productionFile is the production build's file for a file of react-router's development build,
// or "" when path is not one or the package has no such production file.
func productionFile(path string) string {
	slash := filepath.ToSlash(path)
	i := strings.LastIndex(slash, routerDevelopment)
	if i < 0 {
		return ""
	}
	prod := filepath.FromSlash(slash[:i] + routerProduction + slash[i+len(routerDevelopment):])
	if st, err := os.Stat(prod); err != nil || !st.Mode().IsRegular() {
		return ""
	}
	return prod
}

// routerProductionBuild resolves react-router's entry points (`react-router`, `react-router/dom`,
// as react-router-dom imports them) as esbuild would, then takes the production file beside the
// development one. The files of a build import each other by relative path, so the whole router
// comes from one build.
func routerProductionBuild() api.Plugin {
	type again struct{}
	return api.Plugin{Name: "docsd-router-production", Setup: func(b api.PluginBuild) {
		b.OnResolve(api.OnResolveOptions{Filter: `^react-router(/.*)?$`}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
			if _, ok := a.PluginData.(again); ok {
				return api.OnResolveResult{}, nil
			}
			r := b.Resolve(a.Path, api.ResolveOptions{Importer: a.Importer, Namespace: a.Namespace, ResolveDir: a.ResolveDir,
				Kind: a.Kind, PluginData: again{}})
			if len(r.Errors) > 0 {
				return api.OnResolveResult{Errors: r.Errors}, nil
			}
			path := r.Path
			if p := productionFile(path); p != "" && r.Namespace == "file" && !r.External {
				path = p
			}
			out := api.OnResolveResult{Path: path, External: r.External, Namespace: r.Namespace}
			if !r.SideEffects {
				out.SideEffects = api.SideEffectsFalse // package.json's "sideEffects": false, kept for tree shaking
			}
			return out, nil
		})
	}}
}
