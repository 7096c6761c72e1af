// DocCardList shows the items it is given, else the page data's cards: on a category's own doc,
// the category's items, as Docusaurus shows them (categoryCards.js says what each card's line is).
import './theme.css';
import Link from '../docusaurus/Link.jsx';
import { useMdxPage } from '../context.js';
import { cardText } from './categoryCards.js';

export default function DocCardList({ items }) {
  const { page } = useMdxPage();
  const pageCards = (page && page.cards) || [];
  const cards = items || pageCards;
  if (cards.length === 0) return null;
  const known = new Map(pageCards.map((c) => [c.route, c]));
  return (
    <ul className="doc-card-list">
      {cards.map((c) => {
        const href = c.href || c.route || c.to;
        const label = c.label || c.title;
        const text = cardText(c, known);
        return (
          <li key={href || label} className="doc-card">
            <Link to={href}>
              <strong>{label}</strong>
              {text && <span className="doc-card-description">{text}</span>}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
