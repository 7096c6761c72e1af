import { useEffect } from 'react';

// HydrationMark marks the document once the page's content has hydrated: tests and tools wait for
// it. The content is a Suspense boundary of its own (Layout), hydrated after the navbar, so the mark
// sits inside it.
export default function HydrationMark() {
  useEffect(() => {
    document.documentElement.setAttribute('data-hydrated', 'true');
  }, []);
  return null;
}
