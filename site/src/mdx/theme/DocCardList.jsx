// DocCardList shows the items it is given, else the page data's cards (as category index pages
// show them), else, on a category's own doc, that category's items from the doc's sidebar.
import './theme.css';
import Link from '../docusaurus/Link.jsx';
import { useMdxPage } from '../context.js';
import { categoryCards } from './categoryCards.js';

export default function DocCardList({ items }) {
  const { page, sidebar } = useMdxPage();
  const cards = items || (page && page.cards) || categoryCards(sidebar, page && page.route) || [];
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
