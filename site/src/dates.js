// formatDate writes a post's ISO date (2025-01-31) the way the pages show it (January 31, 2025),
// the same on the server and in every browser, whatever its locale.
export function formatDate(iso) {
  const [y, m, d] = iso.split('-').map(Number);
  const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  return `${months[m - 1]} ${d}, ${y}`;
}
