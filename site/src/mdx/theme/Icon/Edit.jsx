// @theme/Icon/Edit: a pencil, for "edit this page".
// A site's own components use the classic theme's icons by these names: drawn in currentColor
// at 20px, with any prop given (className, width) on the <svg>.
export default function IconEdit(props) {
  return (
    <svg viewBox="0 0 24 24" width={20} height={20} aria-hidden="true" {...props}>
      <path d="M4 20h4L19 9l-4-4L4 16v4zM13 7l4 4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
    </svg>
  );
}
