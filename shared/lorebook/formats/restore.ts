// Export restoration: a book imported from format X keeps the X document in `originalData`. Exporting back to X
// three-way merges the fresh export with that original, using as base the export of the unedited import. Fields
// the user did not change keep the original's exact representation (absent stays absent, unknown keys survive,
// entry order is kept); changed fields take the fresh value. An unedited book therefore exports to its original.

import { cloneJson, deepEqual, isObject, setOwn } from './values.ts';
import type { JsonObject } from './values.ts';

export function merge3(original: unknown, base: unknown, fresh: unknown): unknown {
  if (deepEqual(base, fresh)) return cloneJson(original);
  if (!isObject(original) || !isObject(base) || !isObject(fresh)) return fresh;
  const out: JsonObject = {};
  for (const key of Object.keys(original)) {
    const inFresh = Object.hasOwn(fresh, key);
    if (!Object.hasOwn(base, key)) setOwn(out, key, inFresh ? fresh[key] : cloneJson(original[key]));
    else if (inFresh) setOwn(out, key, merge3(original[key], base[key], fresh[key]));
  }
  for (const key of Object.keys(fresh)) {
    if (Object.hasOwn(original, key)) continue;
    if (Object.hasOwn(base, key) && deepEqual(base[key], fresh[key])) continue;
    setOwn(out, key, fresh[key]);
  }
  return out;
}

/** A document with its entry list and the uid each entry has (or had) in the book. */
export interface KeyedEntries {
  doc: JsonObject;
  entries: unknown[];
  uids: unknown[];
}

/** Merges entry lists by uid in the original's order; entries new to the book follow, deleted ones go. */
export function restoreDocument(
  entriesKey: string,
  original: KeyedEntries,
  base: KeyedEntries,
  fresh: KeyedEntries,
): JsonObject {
  if (deepEqual(base.doc, fresh.doc)) return cloneJson(original.doc);
  const without = (doc: JsonObject): JsonObject => {
    const { [entriesKey]: _entries, ...rest } = doc;
    return rest;
  };
  const merged = merge3(without(original.doc), without(base.doc), without(fresh.doc)) as JsonObject;
  const byUid = (side: KeyedEntries) => new Map(side.uids.map((uid, i) => [uid, side.entries[i]]));
  const baseByUid = byUid(base);
  const freshByUid = byUid(fresh);
  const lastIndex = new Map(original.uids.map((uid, i) => [uid, i]));
  const entries: unknown[] = [];
  original.entries.forEach((entry, i) => {
    const uid = original.uids[i];
    // An entry shadowed by a later duplicate never reached the book, so it cannot have been edited: keep it.
    if (lastIndex.get(uid) !== i) entries.push(cloneJson(entry));
    else if (freshByUid.has(uid)) entries.push(merge3(entry, baseByUid.get(uid), freshByUid.get(uid)));
  });
  fresh.uids.forEach((uid, i) => {
    if (!lastIndex.has(uid)) entries.push(fresh.entries[i]);
  });
  return placeEntries(merged, entriesKey, entries, Object.keys(original.doc));
}

/** Puts the entry list back at its original key position. */
function placeEntries(rest: JsonObject, entriesKey: string, entries: unknown[], originalOrder: string[]): JsonObject {
  const out: JsonObject = {};
  const position = originalOrder.indexOf(entriesKey);
  const keys = Object.keys(rest);
  keys.forEach((key, i) => {
    if (i === position) setOwn(out, entriesKey, entries);
    setOwn(out, key, rest[key]);
  });
  if (!Object.hasOwn(out, entriesKey)) setOwn(out, entriesKey, entries);
  return out;
}
