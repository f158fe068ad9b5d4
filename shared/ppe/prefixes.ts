// String prefixes on message text and directive values: `~` raw, `!` (legacy `#`) immediate, `?=` expression,
// `#:`/`#+` message edits. Everything else is a deferred template.

export type Prefixed =
  | { mode: 'raw'; text: string }
  | { mode: 'immediate'; text: string }
  | { mode: 'expression'; text: string }
  | { mode: 'deferred'; text: string }
  | { mode: 'edit'; op: 'replace' | 'insert'; index?: number; role?: string; immediate: boolean; text: string };

export function classify(text: string): Prefixed {
  const edit = /^#([:+])(?:\[(-?\d+)?(?::(\w+))?\])?(!)?/.exec(text);
  if (edit) {
    return {
      mode: 'edit',
      op: edit[1] === ':' ? 'replace' : 'insert',
      index: edit[2] === undefined ? undefined : Number(edit[2]),
      role: edit[3],
      immediate: edit[4] === '!',
      text: text.slice(edit[0].length),
    };
  }
  if (text.startsWith('?=')) return { mode: 'expression', text: text.slice(2) };
  if (text.startsWith('~')) return { mode: 'raw', text: text.slice(1) };
  if (text.startsWith('!') || text.startsWith('#')) return { mode: 'immediate', text: text.slice(1) };
  return { mode: 'deferred', text };
}
