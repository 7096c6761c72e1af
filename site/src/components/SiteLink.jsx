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
  return (
    <a {...attrs} onMouseEnter={prefetch} onFocus={prefetch} href={linkHref(nav.basePath, href)} onClick={onClick} target={target} data-discover={discover === 'render' ? 'true' : undefined}>
      {children}
    </a>
  );
}
