// Given to every MDX page by website/src/theme/MDXComponents.
export default function Wave({ to }) {
  return <span className="fixture-wave">wave to {to}</span>;
}
