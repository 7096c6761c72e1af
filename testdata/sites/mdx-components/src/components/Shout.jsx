// Text set apart by tone; given to every page by src/theme/MDXComponents.
export default function Shout({ children, tone = 'quiet' }) {
  return <strong className={`fixture-shout fixture-shout-${tone}`}>{children}</strong>;
}
