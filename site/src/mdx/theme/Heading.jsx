import { Children, isValidElement } from 'react';

// Heading is the classic theme's <Heading as="h2" id="…">: the heading element with the same
// anchor class and "#" link docsd's Markdown headings have, its label naming the heading as theirs
// does (pkg/markdown's anchorLabel). Without an id it is a plain heading.
export default function Heading({ as: Tag = 'h2', id, children, className, ...rest }) {
  if (!id) {
    return (
      <Tag className={className} {...rest}>
        {children}
      </Tag>
    );
  }
  const text = textOf(children).split(/\s+/).filter(Boolean).join(' ');
  return (
    <Tag id={id} className={className ? `anchor ${className}` : 'anchor'} {...rest}>
      {children}
      <a className="hash-link" href={`#${id}`} aria-label={text ? `Link to ${text}` : 'Link to this section'}>
        #
      </a>
    </Tag>
  );
}

// textOf is the text a reader hears in children: strings and numbers, those of elements, and an
// image's alternative text (as pkg/markdown's renderedText has it).
function textOf(children) {
  let text = '';
  Children.forEach(children, (c) => {
    if (typeof c === 'string' || typeof c === 'number') text += c;
    else if (isValidElement(c) && typeof c.props.alt === 'string' && c.props.children == null) text += c.props.alt;
    else if (isValidElement(c)) text += textOf(c.props.children);
  });
  return text;
}
