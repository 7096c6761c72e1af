// Ul is the classic theme's @theme/MDXComponents/Ul: a Markdown list, as docsd's Markdown has it.
export default function Ul(props) {
  return <ul {...props} />;
}
