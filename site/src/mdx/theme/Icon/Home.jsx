// @theme/Icon/Home: a house, for the breadcrumbs' first step.
// A site's own components use the classic theme's icons by these names: drawn in currentColor
// at 20px, with any prop given (className, width) on the <svg>.
export default function IconHome(props) {
  return (
    <svg viewBox="0 0 24 24" width={20} height={20} aria-hidden="true" {...props}>
      <path d="M4 11l8-7 8 7v9h-5v-6H9v6H4v-9z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
    </svg>
  );
}
