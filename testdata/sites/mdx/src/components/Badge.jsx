// A component of the site itself, imported by pages as @site/src/components/Badge.
export default function Badge({ children, tone = 'info' }) {
  return <span className={`fixture-badge fixture-badge-${tone}`}>{children}</span>;
}
