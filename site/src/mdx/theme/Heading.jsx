// Heading is the classic theme's <Heading as="h2" id="…">: the heading element with the same
// anchor class and "#" link docsd's Markdown headings have. Without an id it is a plain heading.
export default function Heading({ as: Tag = 'h2', id, children, className, ...rest }) {
  if (!id) {
    return (
      <Tag className={className} {...rest}>
        {children}
      </Tag>
    );
  }
  return (
    <Tag id={id} className={className ? `anchor ${className}` : 'anchor'} {...rest}>
      {children}
      <a className="hash-link" href={`#${id}`} aria-label="Link to this section">
        #
      </a>
    </Tag>
  );
}
