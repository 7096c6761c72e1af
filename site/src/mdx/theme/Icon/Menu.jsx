// @theme/Icon/Menu: three bars.
// A site's own components use the classic theme's icons by these names: drawn in currentColor
// at 20px, with any prop given (className, width) on the <svg>.
export default function IconMenu(props) {
  return (
    <svg viewBox="0 0 24 24" width={20} height={20} aria-hidden="true" {...props}>
      <path d="M4 6h16M4 12h16M4 18h16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
