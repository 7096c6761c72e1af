// @docusaurus/router: the location of the page and Docusaurus's useHistory (react-router 5's
// history, on react-router 7's navigation), for the site components MDX pages import.
import { useLocation, useNavigate } from 'react-router-dom';

export { useLocation };

export function useHistory() {
  const navigate = useNavigate();
  const location = useLocation();
  return {
    location,
    push: (to) => navigate(to),
    replace: (to) => navigate(to, { replace: true }),
    goBack: () => navigate(-1),
  };
}
