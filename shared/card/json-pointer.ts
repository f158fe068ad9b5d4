/** RFC 6901 JSON pointers, used to say where a problem, warning or conversion step applies. */

export function escapeToken(token: string | number): string {
  const text = String(token);
  // Most tokens (field names, indexes) have nothing to escape.
  return text.includes('~') || text.includes('/') ? text.replace(/~/g, '~0').replace(/\//g, '~1') : text;
}

export function pointer(...tokens: (string | number)[]): string {
  // A loop, not map/join: a conversion builds a pointer or two per field of every card.
  let out = '';
  for (const t of tokens) out += `/${escapeToken(t)}`;
  return out;
}

export function childPointer(parent: string, token: string | number): string {
  return `${parent}/${escapeToken(token)}`;
}
