// useNavigatedEvent dispatches "docsd:navigated" on the window whenever the route's path changes (and
// once at start): the shell's signal that the route switched, which tools and the browser tests
// wait for.
import { useEffect } from 'react';

export function useNavigatedEvent(path) {
  useEffect(() => {
    window.dispatchEvent(new CustomEvent('docsd:navigated'));
  }, [path]);
}
