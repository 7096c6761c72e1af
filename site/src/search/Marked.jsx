import { Fragment } from 'react';

// Marked shows text split by the search engine's mark(), with the matched words in <mark>.
export default function Marked({ pieces }) {
  return pieces.map((p, i) => (p.marked ? <mark key={i}>{p.text}</mark> : <Fragment key={i}>{p.text}</Fragment>));
}
