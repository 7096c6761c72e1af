import { useEffect, useRef } from 'react';
import { attachProgressBar } from '../progress.js';

// ProgressBar is the thin bar at the top of the window during route changes (see progress.js).
export default function ProgressBar() {
  const ref = useRef(null);
  useEffect(() => {
    attachProgressBar(ref.current);
    return () => attachProgressBar(null);
  }, []);
  return (
    <div className="route-progress" aria-hidden="true">
      <div className="route-progress-bar" ref={ref} />
    </div>
  );
}
