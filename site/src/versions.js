// activeVersion finds the docs version a path belongs to (SPEC §4): the version whose path is the
// longest prefix of the path, so /docs/1.0/x is in "1.0" and not in the version at /docs.
export function activeVersion(versions, pathname) {
  let best = null;
  let bestLength = -1;
  for (const v of versions) {
    const p = v.path.replace(/\/+$/, '');
    if ((pathname === p || pathname.startsWith(`${p}/`)) && p.length > bestLength) {
      best = v;
      bestLength = p.length;
    }
  }
  return best;
}
