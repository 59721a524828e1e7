import { useEffect, useState } from 'react';

/** The viewer's pages; the hash keeps them bookmarkable without server routes. */
export type Route = 'feed' | 'overview' | 'consolidate' | 'settings' | 'status';

/** `#/settings/recall` -> `settings`: a page may keep a part of its own after a slash. */
function current(): Route {
  const hash = window.location.hash.replace(/^#\/?/, '').split('/')[0];
  return hash === 'overview' || hash === 'consolidate' || hash === 'settings' || hash === 'status'
    ? hash
    : 'feed';
}

/** What follows the page in the hash: `recall` for `#/settings/recall`, else ''. */
export function routeDetail(): string {
  return window.location.hash.replace(/^#\/?[^/]*\/?/, '');
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
