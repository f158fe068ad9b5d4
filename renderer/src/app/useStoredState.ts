/** State kept in localStorage across sessions (view mode, chat profile, persona): read once, written on change. */
import { useEffect, useState } from 'react';

/** The stored value when it is valid; a plain string stored by an older version counts as that string. */
function read<T>(key: string, fallback: T, valid: (v: unknown) => v is T): T {
  const raw = localStorage.getItem(key);
  if (raw === null) return fallback;
  let value: unknown = raw;
  try {
    value = JSON.parse(raw);
  } catch {
    // an older plain-string value
  }
  return valid(value) ? value : fallback;
}

export function useStoredState<T>(key: string, fallback: T, valid: (v: unknown) => v is T) {
  const [value, setValue] = useState<T>(() => read(key, fallback, valid));
  useEffect(() => localStorage.setItem(key, JSON.stringify(value)), [key, value]);
  return [value, setValue] as const;
}
