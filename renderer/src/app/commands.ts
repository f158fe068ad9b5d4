/** App-wide commands that pages carry out (the palette and shortcuts dispatch them; the page in view listens). */
export type PageCommand = 'import' | 'export' | 'focus-search';

const EVENT = 'lorewright:command';

export function dispatchCommand(command: PageCommand): void {
  window.dispatchEvent(new CustomEvent<PageCommand>(EVENT, { detail: command }));
}

export function onCommand(listener: (command: PageCommand) => void): () => void {
  const handler = (e: Event): void => listener((e as CustomEvent<PageCommand>).detail);
  window.addEventListener(EVENT, handler);
  return () => window.removeEventListener(EVENT, handler);
}
