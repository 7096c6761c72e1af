// useRouteProgress finishes the progress bar (progress.js) once the route has updated: a link's
// navigation starts it while its page preloads (navigation.js), and any change of location ends it,
// including one that replaced the navigation (back, forward, a #link on the page). A navigation
// done before the bar's delay never shows it.
import { useEffect } from 'react';
import { doneProgress } from '../progress.js';

export function useRouteProgress(location) {
  useEffect(() => {
    doneProgress();
  }, [location]);
}
