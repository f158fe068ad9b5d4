/**
 * The methods every library document with revisions has (cards, lorebooks, scripts), declared once:
 * `<domain>.get`, `.delete`, `.restore` and `.purge` (the trash; purge without ids empties it), `.revisions` and
 * `.revision` (the history).
 */
import type { RevisionSummary } from '../library/types.ts';
import { method, type MethodSpec } from './method.ts';
import {
  idSchema,
  purgeSchema,
  revisionSchema,
  type IdInput,
  type PurgeInput,
  type PurgeResult,
  type RevisionInput,
  type StoredRevision,
} from './schema-parts.ts';

interface Verbs<Summary, Item> {
  get: MethodSpec<IdInput, Item>;
  delete: MethodSpec<IdInput, Summary>;
  restore: MethodSpec<IdInput, Summary>;
  purge: MethodSpec<PurgeInput, PurgeResult>;
  revisions: MethodSpec<IdInput, RevisionSummary[]>;
  revision: MethodSpec<RevisionInput, StoredRevision>;
}

export function revisionedMethods<Summary, Item, D extends string = string>(
  domain: D,
): { [V in keyof Verbs<Summary, Item> as `${D}.${V}`]: Verbs<Summary, Item>[V] } {
  const verbs: Verbs<Summary, Item> = {
    get: method(idSchema),
    delete: method(idSchema),
    restore: method(idSchema),
    purge: method(purgeSchema),
    revisions: method(idSchema),
    revision: method(revisionSchema),
  };
  return Object.fromEntries(Object.entries(verbs).map(([verb, spec]) => [`${domain}.${verb}`, spec])) as never;
}
