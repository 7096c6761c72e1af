// Details is a disclosure: the browser's own <details>, which is keyboard- and screen-reader-ready.
import './theme.css';
import { Children, isValidElement } from 'react';

export default function Details({ summary, children, className, ...rest }) {
  const items = Children.toArray(children);
  const inner = items.findIndex((c) => isValidElement(c) && c.type === 'summary');
  const head = summary ?? (inner >= 0 ? items[inner].props.children : 'Details');
  const body = inner >= 0 ? items.filter((_, i) => i !== inner) : items;
  return (
    <details className={className ? `details ${className}` : 'details'} {...rest}>
      <summary>{head}</summary>
      <div className="details-body">{body}</div>
    </details>
  );
}
