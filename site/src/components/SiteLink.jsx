import { useNavigation } from '../navigation.js';

// SiteLink is an anchor that navigates inside the site without a page load (preloading the next page
// first) and prefetches on hover. Other links behave as plain anchors.
export default function SiteLink({ href, children, onNavigate, onClick: onClickProp, ...rest }) {
  const nav = useNavigation();
  const internal = nav && nav.isInternal(href);
  if (!internal) {
    return (
      <a href={href} onClick={onClickProp} {...rest}>
        {children}
      </a>
    );
  }
  const onClick = (event) => {
    if (onClickProp) onClickProp(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (onNavigate) onNavigate();
    nav.go(href);
  };
  return (
    <a {...rest} href={href} onClick={onClick} onMouseEnter={() => nav.prefetch(href)} onFocus={() => nav.prefetch(href)}>
      {children}
    </a>
  );
}
