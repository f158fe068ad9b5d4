/** Routes live in the URL hash (#/library, #/card/12): reload-safe and the same under file:// and http. */
export type Section = 'library' | 'lorebooks' | 'scripts' | 'chats' | 'settings';
export type Route = { page: Section; id?: number } | { page: 'card'; id: number };

const SECTIONS = new Set<string>(['library', 'lorebooks', 'scripts', 'chats', 'settings']);

export function parseRoute(hash: string): Route {
  const card = /^#\/card\/(\d+)$/.exec(hash);
  if (card) return { page: 'card', id: Number(card[1]) };
  const book = /^#\/lorebook\/(\d+)$/.exec(hash);
  if (book) return { page: 'lorebooks', id: Number(book[1]) };
  const section = /^#\/(\w+)$/.exec(hash)?.[1];
  return section && SECTIONS.has(section) ? { page: section as Section } : { page: 'library' };
}

export function routeHash(route: Route): string {
  if (route.page === 'lorebooks' && route.id !== undefined) return `#/lorebook/${route.id}`;
  return route.page === 'card' ? `#/card/${route.id}` : `#/${route.page}`;
}
