/** Field-level differences between two documents (history panel, "what export would change"). */
import diff from 'microdiff';
import { toPointer } from './json-path.ts';

export interface FieldChange {
  pointer: string;
  kind: 'added' | 'removed' | 'changed';
  before?: unknown;
  after?: unknown;
}

export function diffDocuments(before: object, after: object): FieldChange[] {
  return diff(before as Record<string, unknown>, after as Record<string, unknown>).map((d) => {
    const pointer = toPointer(d.path);
    if (d.type === 'CREATE') return { pointer, kind: 'added', after: d.value };
    if (d.type === 'REMOVE') return { pointer, kind: 'removed', before: d.oldValue };
    return { pointer, kind: 'changed', before: d.oldValue, after: d.value };
  });
}
