// Admonition is a call-out, with the same markup as our Markdown's `:::kind` blocks (pkg/markdown).
const titles = { note: 'Note', tip: 'Tip', info: 'Info', warning: 'Warning', danger: 'Danger', caution: 'Warning', important: 'Info', success: 'Tip', secondary: 'Note' };
const kinds = { caution: 'warning', important: 'info', success: 'tip', secondary: 'note' };

export default function Admonition({ type = 'note', title, icon, children }) {
  const kind = kinds[type] || (titles[type] ? type : 'note');
  return (
    <div className={`admonition admonition-${kind}`} role="note">
      <p className="admonition-title">{title || titles[type] || titles.note}</p>
      {children}
    </div>
  );
}
