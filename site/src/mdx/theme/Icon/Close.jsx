// @theme/Icon/Close: a cross.
// A site's own components use the classic theme's icons by these names: drawn in currentColor
// at 20px, with any prop given (className, width) on the <svg>.
export default function IconClose(props) {
  return (
    <svg viewBox="0 0 24 24" width={20} height={20} aria-hidden="true" {...props}>
      <path d="M6 6l12 12M18 6L6 18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
