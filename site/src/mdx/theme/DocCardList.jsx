// DocCardList shows the cards of a category (the page data's cards, as category index pages show
// them), or the items it is given.
import './theme.css';
import Link from '../docusaurus/Link.jsx';
import { useMdxPage } from '../context.js';

export default function DocCardList({ items }) {
  const { page } = useMdxPage();
  const cards = items || (page && page.cards) || [];
  if (cards.length === 0) return null;
  return (
    <ul className="doc-card-list">
      {cards.map((c) => {
        const href = c.href || c.route || c.to;
        const label = c.label || c.title;
        return (
          <li key={href || label} className="doc-card">
            <Link to={href}>
              <strong>{label}</strong>
              {c.description && <span className="doc-card-description">{c.description}</span>}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
