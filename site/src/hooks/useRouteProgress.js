// useRouteProgress drives the progress bar (progress.js) from the router's navigation state: it starts
// when the router begins loading another path and finishes once the route has updated (or the
// navigation ended without switching). A hash or search change on the same page never shows it.
import { useEffect } from 'react';
import { useLocation, useNavigation } from 'react-router-dom';
import { doneProgress, startProgress } from '../progress.js';

export function useRouteProgress() {
  const navigation = useNavigation();
  const location = useLocation();
  const loadingOther = navigation.state === 'loading' && navigation.location.pathname !== location.pathname;
  useEffect(() => {
    if (loadingOther) startProgress();
    else doneProgress();
  }, [loadingOther]);
}
