// Li is the classic theme's @theme/MDXComponents/Li: a list item, as docsd's Markdown has it.
export default function Li(props) {
  return <li {...props} />;
}
