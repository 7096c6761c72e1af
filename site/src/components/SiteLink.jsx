import { createElement } from 'react';
import { isPlainClick } from '../clicks.js';
import { useNavigation } from '../navigation.js';
import { linkHref } from '../routes.js';

// SiteLink is a link inside the site: an anchor whose plain click goes through the site's navigation
// (the next page is preloaded before the route switches, navigation.js), plus a prefetch on hover
// and focus. Other links behave as plain anchors.
//
// It renders what react-router's <Link> renders (the same href, and data-discover) without using
// Link: Link's own click handler never acts here (onClick below handles every click Link would), and
// its hooks (the route matches serialised per link, navigate, prefetch state) were about a third of
// the server's rendering time, since a page has dozens of links. pkg/ssr/sitelink_test.go
// compares both for the shell's kinds of links.
export default function SiteLink({ href, children, onNavigate, onClick: onClickProp, ...rest }) {
  const nav = useNavigation();
  if (!nav || !nav.isInternal(href)) {
    return (
      <a href={href} onClick={onClickProp} {...rest}>
        {children}
      </a>
    );
  }
  // Link's own props (a Docusaurus <Link> in MDX may pass them) are not attributes.
  // eslint-disable-next-line no-unused-vars
  const { target, discover = 'render', prefetch: _p, relative, reloadDocument, replace, mask, state, preventScrollReset, viewTransition, defaultShouldRevalidate, ...attrs } = rest;
  const onClick = (event) => {
    if (onClickProp) onClickProp(event);
    if (event.defaultPrevented || !isPlainClick(event)) return;
    if (onNavigate) onNavigate();
    if (target && target !== '_self') return;
    event.preventDefault();
    nav.go(href);
  };
  const prefetch = () => nav.prefetch(href);
  // The anchor's props are added to attrs (a new object) rather than spread into a new one, as
  // <a {...attrs} href={…}> would: V8 copies a rest object into an object literal slowly, and
  // that copy was 3/4 of a link's render on the server (BENCHMARKS.md, "Session 18: node18").
  // The order of the attributes is the same.
  attrs.onMouseEnter = prefetch;
  attrs.onFocus = prefetch;
  attrs.href = linkHref(nav.basePath, href);
  attrs.onClick = onClick;
  attrs.target = target;
  attrs['data-discover'] = discover === 'render' ? 'true' : undefined;
  return createElement('a', attrs, children);
}
