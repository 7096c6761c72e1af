// @docusaurus/Translate: docsd builds the default locale's text, so <Translate> shows its children
// (or its message) and translate() returns the message, with {name} placeholders filled from
// values, as Docusaurus does when no translation is given.
export function interpolate(text, values) {
  if (typeof text !== 'string' || !values) return text;
  return text.replace(/\{(\w+)\}/g, (all, name) => (name in values ? String(values[name]) : all));
}

export function translate({ message, id }, values) {
  return interpolate(message ?? id ?? '', values);
}

export default function Translate({ children, id, values }) {
  return <>{interpolate(children ?? id ?? '', values)}</>;
}
