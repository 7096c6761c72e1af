// What a <DocCardList> card says under its title, as Docusaurus's DocCard does: a doc's
// description (its front matter's, else its first line), a category's description, else how many
// items the category holds (its direct children). The page's data carries the cards of the
// category whose own doc it is (pkg/site/cards.go), with those descriptions; items given as Docusaurus
// shapes (useCurrentSidebarCategory().items) take theirs from those cards, by route.

// itemsText is a category card's line, as Docusaurus writes it.
export function itemsText(n) {
  return n === 1 ? '1 item' : `${n} items`;
}

// cardText is the line of card c: one of the page's cards ({title, route, description, count}) or
// a Docusaurus-shaped item ({type, label, href, items}); known maps the page's cards by route.
export function cardText(c, known) {
  if (c.description) return c.description;
  if (c.type === 'category') return known.get(c.href)?.description || itemsText((c.items || []).length);
  if (c.type === 'link') return known.get(c.href)?.description;
  return c.count > 0 ? itemsText(c.count) : undefined;
}
