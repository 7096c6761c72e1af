// DocCardList shows the items it is given, else the page data's cards (as category index pages
// show them), else, on a category's own doc, that category's items from the doc's sidebar.
import './theme.css';
import Link from '../docusaurus/Link.jsx';
import { useMdxPage } from '../context.js';
import { categoryCards, itemsText, linksIn } from './categoryCards.js';

// cardText is a card's line: its description, else, for a category item as
// useCurrentSidebarCategory gives it, how many pages it holds.
function cardText(c) {
  if (c.description) return c.description;
  return c.type === 'category' ? itemsText(linksIn(c.items)) : undefined;
}

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
              {cardText(c) && <span className="doc-card-description">{cardText(c)}</span>}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
