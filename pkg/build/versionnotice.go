package build

// What a page of a docs version says of its version, from docsd.toml's [[versions]] banner and badge
// (config.Version.ShownBanner, ShownBadge): the notice above a page of a version other than the
// latest, with a link to the same page in the latest version (else that version's main doc, as the
// version menu's versionTarget leads), and the badge above the title. Made here, as the page is
// rendered, so that the shell carries no more than the element that shows them: every page's
// first-load JavaScript is within 100 KB gzip, and a site of one version (the Vela site) has
// neither in its data.

import (
	"fmt"

	"docsd/pkg/config"
	"docsd/pkg/site"
)

// versionParts are a page's notice and badge (nil and "" when its version shows none).
func (st *state) versionParts(r *site.Route) (*site.VersionNotice, string) {
	d := r.Data
	if d.Instance != "" || d.Version == "" || d.Kind != site.KindDoc && d.Kind != site.KindCategory {
		return nil, ""
	}
	var version, latest *config.Version
	for i := range st.cfg.Versions {
		v := &st.cfg.Versions[i]
		if v.Name == d.Version {
			version = v
		}
		if v.IsLast {
			latest = v
		}
	}
	if version == nil || latest == nil {
		return nil, ""
	}
	badge := ""
	if version.ShownBadge {
		badge = "Version: " + version.Label
	}
	if version.ShownBanner == "" {
		return nil, badge
	}
	state := "no longer maintained"
	if version.ShownBanner == config.BannerUnreleased {
		state = "not released yet"
	}
	route := ""
	for _, o := range d.OtherVersions {
		if o.Name == latest.Name {
			route = o.Route
		}
	}
	if sd := st.siteData[d.Locale]; route == "" && sd != nil {
		route = sd.VersionRoutes[latest.Name]
	}
	if route == "" {
		route = st.cfg.BasePath
	}
	return &site.VersionNotice{Text: fmt.Sprintf("You are reading %s, %s. ", version.Label, state),
		Link: fmt.Sprintf("Go to %s, the latest", latest.Label), Route: route, Latest: latest.Name}, badge
}
