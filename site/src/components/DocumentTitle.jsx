import { useEffect } from 'react';

// DocumentTitle sets the browser tab's title while it is rendered (the server writes it into the
// HTML). It sits inside the error boundary, so a crashed page's "Page Error" is never overwritten.
export default function DocumentTitle({ title }) {
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
