// BrowserOnly renders its children (a function) only in the browser, after hydration; the server
// and the first browser render show the fallback, so hydration matches.
import { useEffect, useState } from 'react';

export default function BrowserOnly({ children, fallback = null }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return fallback;
  return typeof children === 'function' ? children() : null;
}
