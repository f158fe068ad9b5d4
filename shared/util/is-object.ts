/** A JSON object (not an array, not null): the one check every reader of untrusted JSON uses. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
