// Decorator lines at the top of an entry's content (docs/world-info.md#decorators). Only `@@activate` and `@@dont_activate` are
// known; `@@@x` lines are fallbacks that count only right after an unknown decorator.

const KNOWN = ['@@activate', '@@dont_activate'];

export interface ParsedDecorators {
  decorators: string[];
  content: string;
}

export function parseDecorators(content: string): ParsedDecorators {
  if (!content.startsWith('@@')) return { decorators: [], content };
  const lines = content.split('\n');
  const decorators: string[] = [];
  let previousUnknown = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (!line.startsWith('@@')) return { decorators, content: lines.slice(i).join('\n') };
    const fallback = line.startsWith('@@@');
    if (fallback && !previousUnknown) continue;
    const name = fallback ? line.slice(1) : line;
    // Stored whole ("@@activate now" is recognised) but activation later compares exactly.
    if (KNOWN.some((known) => name.startsWith(known))) {
      decorators.push(name);
      previousUnknown = false;
    } else {
      previousUnknown = true;
    }
  }
  // Every line was a decorator line: SillyTavern leaves the content as it was.
  return { decorators, content };
}
