/**
 * Monaco for `.ai.yaml`: the shared bundled editor (its setup loads the suggest and hover contributions) plus
 * Monaco's basic YAML tokenizer for highlighting (no YAML language server: our own diagnostics become markers) and
 * one completion provider for PPE. Loaded on first use.
 */
import { monaco } from '../editor/monaco-setup.ts';
import 'monaco-editor/languages/definitions/yaml/register';
import { completionsAt } from './completions.ts';
import type { CompletionKind } from './completions.ts';

const KINDS: Record<CompletionKind, monaco.languages.CompletionItemKind> = {
  key: monaco.languages.CompletionItemKind.Property,
  directive: monaco.languages.CompletionItemKind.Keyword,
  role: monaco.languages.CompletionItemKind.Variable,
};

monaco.languages.registerCompletionItemProvider('yaml', {
  triggerCharacters: ['$'],
  provideCompletionItems(model, position) {
    const found = completionsAt(model.getValue(), position.lineNumber, position.column);
    if (!found) return { suggestions: [] };
    const range = {
      startLineNumber: position.lineNumber,
      endLineNumber: position.lineNumber,
      startColumn: found.startColumn,
      endColumn: position.column,
    };
    return {
      suggestions: found.items.map((c) => ({ label: c.label, insertText: c.insertText, kind: KINDS[c.kind], range })),
    };
  },
});

export { monaco };
