import { Link } from 'react-router-dom';
import { isPlainClick } from '../clicks.js';
import { useNavigation } from '../navigation.js';
import { siteTarget } from '../routes.js';

// SiteLink is a link inside the site: react-router's Link, whose plain click goes through the site's
// navigation instead (the next page is preloaded before the route switches, navigation.js), plus a
// prefetch on hover and focus. Other links behave as plain anchors.
export default function SiteLink({ href, children, onNavigate, onClick: onClickProp, ...rest }) {
  const nav = useNavigation();
  if (!nav || !nav.isInternal(href)) {
    return (
      <a href={href} onClick={onClickProp} {...rest}>
        {children}
      </a>
    );
  }
  const onClick = (event) => {
    if (onClickProp) onClickProp(event);
    if (event.defaultPrevented || !isPlainClick(event)) return;
    if (onNavigate) onNavigate();
    if (rest.target && rest.target !== '_self') return;
    // Link would switch the route at once: a handled click stops it.
    event.preventDefault();
    nav.go(href);
  };
  const prefetch = () => nav.prefetch(href);
  return (
    <Link {...rest} to={siteTarget(nav.basePath, href)} onClick={onClick} onMouseEnter={prefetch} onFocus={prefetch}>
      {children}
    </Link>
  );
}
