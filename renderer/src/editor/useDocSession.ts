/** React state for a document session (see shared/document/doc-session.ts). */
import { useReducer } from 'react';
import type { Dispatch } from 'react';
import type { JsonPath } from '../../../shared/document/json-path.ts';
import * as session from '../../../shared/document/doc-session.ts';
import type { DocState, EditedValue } from '../../../shared/document/doc-session.ts';
import type { DocBinding } from './useRevisionedDoc.ts';

export type DocAction =
  | { type: 'open'; text: string }
  | { type: 'text'; text: string; at?: EditedValue }
  | { type: 'field'; path: JsonPath; value: unknown }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'saved'; text: string }
  /** An edit inside the value at `path` is expected: find what it needs of the whole text now (`withFacts`). */
  | { type: 'facts'; path: readonly string[] };

function reduce(state: DocState | null, action: DocAction): DocState | null {
  if (action.type === 'open') return session.openDoc(action.text);
  if (!state) return state;
  switch (action.type) {
    case 'text':
      return session.applyText(state, action.text, Date.now(), action.at);
    case 'field':
      return session.applyField(state, action.path, action.value);
    case 'undo':
      return session.undo(state);
    case 'redo':
      return session.redo(state);
    case 'saved':
      return session.markSaved(state, action.text);
    case 'facts':
      return session.withFacts(state, action.path);
  }
}

export function useDocSession() {
  return useReducer(reduce, null);
}

/** A session as useRevisionedDoc's binding: text that does not parse is not saved, a save keeps the undo history. */
export function sessionBinding(state: DocState | null, dispatch: Dispatch<DocAction>): DocBinding<unknown> {
  return {
    text: state && !state.error ? state.text : null,
    changed: () => (state ? session.isDirty(state) : false),
    open: (text) => dispatch({ type: 'open', text }),
    saved: (text) => dispatch({ type: 'saved', text }),
  };
}
