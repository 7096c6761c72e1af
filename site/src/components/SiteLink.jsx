import { Link } from 'react-router-dom';
import { isPlainClick } from '../clicks.js';
import { useNavigation } from '../navigation.js';
import { siteTarget } from '../routes.js';

// SiteLink is a link inside the site: react-router's Link, which navigates without a page load (the
// route's loader preloads the next page first), plus a prefetch on hover and focus. Other links
// behave as plain anchors.
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
    if (!event.defaultPrevented && isPlainClick(event) && onNavigate) onNavigate();
  };
  const prefetch = () => nav.prefetch(href);
  return (
    <Link {...rest} to={siteTarget(nav.basePath, href)} onClick={onClick} onMouseEnter={prefetch} onFocus={prefetch}>
      {children}
    </Link>
  );
}
