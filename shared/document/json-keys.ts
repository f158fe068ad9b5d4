// How object keys are written in JSON text, read without parsing it: the document session's entry-only parse and the
// lorebook form's search for an entry.

/** Whether `text` has a `\u` escape: a `u` after an odd run of backslashes (`\\u` is a backslash and a `u`). */
export function hasUnicodeEscape(text: string): boolean {
  for (let at = text.indexOf('\\u'); at >= 0; at = text.indexOf('\\u', at + 2)) {
    let run = 1;
    while (text.charCodeAt(at - run) === 92) run++;
    if (run % 2 === 1) return true;
  }
  return false;
}

/** A key with one spelling in JSON text once `\u` escapes are ruled out (`/` may also be written `\/`). */
export function plainKey(key: string): boolean {
  return !key.includes('/') && key !== '__proto__';
}

/**
 * The places where `key` may be written as an object key in `text`: its quoted form followed by a colon (each given
 * as the offset after the colon). In valid JSON such a place ends at the closing quote of a key (its opening quote
 * starts that key or is escaped inside it), so it lies within one key and its colon, never across the edge of a
 * value: the places of a text are those of its values and of the rest, and include every place the key is written.
 */
export function keyPlaces(text: string, key: string): number[] {
  // Searched without its opening quote, which is checked apart: a search starts at each occurrence of the first
  // character, and quotes are everywhere in JSON (for a numeric id, a search from its first digit is ≈5× faster).
  const rest = JSON.stringify(key).slice(1);
  const places: number[] = [];
  for (let at = text.indexOf(rest, 1); at >= 0; at = text.indexOf(rest, at + 1)) {
    if (text.charCodeAt(at - 1) !== 34 /* " */) continue;
    let next = at + rest.length;
    while (' \t\n\r'.includes(text[next] ?? '.')) next++;
    if (text[next] === ':') places.push(next + 1);
  }
  return places;
}
