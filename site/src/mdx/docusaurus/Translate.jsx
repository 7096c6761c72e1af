import { Fragment, isValidElement } from 'react';

// @docusaurus/Translate: docsd builds the default locale's text, so <Translate> shows its children
// (or its message) and translate() returns the message, with {name} placeholders filled from
// values, as Docusaurus does when no translation is given. As in Docusaurus's Interpolate, a value
// may be an element ("Edit {link}" with a <Link>): the text then becomes a list of parts, where
// String() would show "[object Object]"; a value that is undefined leaves its {name} as written.
export function interpolate(text, values) {
  if (typeof text !== 'string' || !values) return text;
  const parts = [];
  const found = [];
  let at = 0;
  for (const m of text.matchAll(/\{(\w+)\}/g)) {
    const value = values[m[1]];
    if (value === undefined) continue;
    parts.push(text.slice(at, m.index));
    found.push(isValidElement(value) ? value : String(value));
    at = m.index + m[0].length;
  }
  if (found.length === 0) return text;
  parts.push(text.slice(at));
  if (found.every((v) => typeof v === 'string')) {
    return parts.map((p, i) => p + (found[i] ?? '')).join('');
  }
  return parts.map((p, i) => (
    <Fragment key={i}>
      {p}
      {found[i]}
    </Fragment>
  ));
}

export function translate({ message, id }, values) {
  return interpolate(message ?? id ?? '', values);
}

export default function Translate({ children, id, values }) {
  return <>{interpolate(children ?? id ?? '', values)}</>;
}
