// A button that counts its clicks: it works only once the page has hydrated, and says where it was
// rendered last (useIsBrowser is false on the server and true after hydration).
import { useState } from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';

export default function ClickCounter({ label }) {
  const [count, setCount] = useState(0);
  const browser = useIsBrowser();
  return (
    <p className="fixture-counter" data-where={browser ? 'browser' : 'server'}>
      <button type="button" onClick={() => setCount(count + 1)}>
        {label}: {count}
      </button>
    </p>
  );
}
