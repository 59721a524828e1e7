import { useEffect, useState } from 'react';

/** The viewer's pages; the hash keeps them bookmarkable without server routes. */
export type Route = 'feed' | 'overview' | 'settings' | 'status';

function current(): Route {
  const hash = window.location.hash.replace(/^#\/?/, '');
  return hash === 'overview' || hash === 'settings' || hash === 'status' ? hash : 'feed';
}

/** The page the location's hash names. */
export function useRoute(): Route {
  const [route, setRoute] = useState<Route>(current);
  useEffect(() => {
    const update = () => setRoute(current());
    window.addEventListener('hashchange', update);
    return () => window.removeEventListener('hashchange', update);
  }, []);
  return route;
}
