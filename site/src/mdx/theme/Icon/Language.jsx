// @theme/Icon/Language: a globe, for the locale menu.
// A site's own components use the classic theme's icons by these names: drawn in currentColor
// at 20px, with any prop given (className, width) on the <svg>.
export default function IconLanguage(props) {
  return (
    <svg viewBox="0 0 24 24" width={20} height={20} aria-hidden="true" {...props}>
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M3 12h18M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9z" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}
