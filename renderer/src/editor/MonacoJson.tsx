/**
 * The JSON view of a document. Text changes flow out through onChange; changes made elsewhere (form, undo) flow
 * in as minimal edits so the cursor and scroll position survive.
 */
import { useEffect, useRef, useState } from 'react';
import type * as Monaco from 'monaco-editor/editor/editor.api';
import type * as MonacoJsonLanguage from 'monaco-editor/languages/features/json/register';
import type { ErrorDetail } from '../../../shared/errors.ts';
import { useT } from '../i18n/index.ts';
import { escapeThenTabLeaves } from './monaco-keys.ts';

interface Props {
  text: string;
  /** False when `text` came from this editor itself: then the model is already newer or equal. */
  external: boolean;
  uri: string;
  error: ErrorDetail | null;
  onChange(text: string): void;
  onKey?(e: KeyboardEvent): void;
  schema?: object;
  dark: boolean;
}

export function MonacoJson({ text, external, uri, error, onChange, onKey, schema, dark }: Props) {
  const t = useT();
  const host = useRef<HTMLDivElement>(null);
  const editorRef = useRef<Monaco.editor.IStandaloneCodeEditor | null>(null);
  const monacoRef = useRef<{ monaco: typeof Monaco; json: typeof MonacoJsonLanguage } | null>(null);
  const applying = useRef(false);
  /** The model's text as of our last sync; comparing against it avoids materialising a 1 MB model per keystroke. */
  const shadow = useRef(text);
  const [ready, setReady] = useState(false);
  const latest = useRef({ onChange, onKey });
  latest.current = { onChange, onKey };

  useEffect(() => {
    let disposed = false;
    let editor: Monaco.editor.IStandaloneCodeEditor | undefined;
    void import('./monaco-setup.ts').then(({ monaco, json }) => {
      if (disposed || !host.current) return;
      monacoRef.current = { monaco, json };
      const model = monaco.editor.createModel(text, 'json', monaco.Uri.parse(uri));
      editor = monaco.editor.create(host.current, {
        model,
        automaticLayout: true,
        minimap: { enabled: false },
        wordWrap: 'on',
        tabSize: 2,
        scrollBeyondLastLine: false,
        theme: dark ? 'vs-dark' : 'vs',
        fontSize: 13,
        // Card JSON is mostly long strings; auto-inserted quotes and brackets get in the way more than they help.
        autoClosingBrackets: 'never',
        autoClosingQuotes: 'never',
      });
      editorRef.current = editor;
      setReady(true);
      shadow.current = model.getValue();
      editor.onDidChangeModelContent(() => {
        if (applying.current) return;
        shadow.current = model.getValue();
        latest.current.onChange(shadow.current);
      });
      editor.onKeyDown((e) => latest.current.onKey?.(e.browserEvent));
      escapeThenTabLeaves(editor, monaco.KeyCode);
    });
    return () => {
      disposed = true;
      editor?.getModel()?.dispose();
      editor?.dispose();
    };
    // The editor is created once per document; later text arrives through the effect below.
  }, [uri]);

  useEffect(() => {
    const editor = editorRef.current;
    const model = editor?.getModel();
    if (!editor || !model || !external || shadow.current === text) return;
    const old = shadow.current;
    // Replace only the changed middle so Monaco keeps cursor, selection and scroll.
    let start = 0;
    while (start < old.length && start < text.length && old[start] === text[start]) start++;
    let endOld = old.length;
    let endNew = text.length;
    while (endOld > start && endNew > start && old[endOld - 1] === text[endNew - 1]) {
      endOld--;
      endNew--;
    }
    const from = model.getPositionAt(start);
    const to = model.getPositionAt(endOld);
    applying.current = true;
    model.pushEditOperations(
      [],
      [
        {
          range: {
            startLineNumber: from.lineNumber,
            startColumn: from.column,
            endLineNumber: to.lineNumber,
            endColumn: to.column,
          },
          text: text.slice(start, endNew),
        },
      ],
      () => null,
    );
    applying.current = false;
    shadow.current = text;
  }, [text, external, ready]);

  useEffect(() => {
    const loaded = monacoRef.current;
    if (!loaded || !schema) return;
    loaded.json.jsonDefaults.setDiagnosticsOptions({
      validate: true,
      allowComments: false,
      schemas: [{ uri: `${uri}.schema`, fileMatch: [uri], schema }],
      enableSchemaRequest: false,
    });
  }, [schema, uri, ready]);

  useEffect(() => {
    monacoRef.current?.monaco.editor.setTheme(dark ? 'vs-dark' : 'vs');
  }, [dark, ready]);

  return (
    <div className="monaco-wrap">
      <div ref={host} className="monaco-host" data-testid="json-editor" />
      <p className="editor-keys">{t('editor.keys')}</p>
      {error && (
        <div className="json-error" role="alert">
          {error.line !== undefined ? t('editor.jsonErrorAt', { line: error.line, column: error.column ?? 1 }) : ''}
          {error.message}
        </div>
      )}
    </div>
  );
}
