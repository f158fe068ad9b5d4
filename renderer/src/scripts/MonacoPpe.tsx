/**
 * The script text in Monaco with YAML highlighting, PPE completion, and our diagnostics as markers. The editor owns
 * the text while it is open; a new `uri` (another script, a restored revision) starts a fresh model.
 */
import { useEffect, useRef, useState } from 'react';
import type * as Monaco from 'monaco-editor/editor/editor.api';
import type { Diagnostic } from '../../../shared/ppe/types.ts';
import type * as Ppe from './monaco-ppe.ts';
import { useT } from '../i18n/index.ts';
import type { Translate } from '../i18n/index.ts';
import { diagnosticText } from './diagnostic-text.ts';
import { escapeThenTabLeaves } from '../editor/monaco-keys.ts';

interface Props {
  uri: string;
  initialText: string;
  diagnostics: readonly Diagnostic[];
  dark: boolean;
  onChange(text: string): void;
}

function markers(
  monaco: typeof Ppe.monaco,
  model: Monaco.editor.ITextModel,
  diagnostics: readonly Diagnostic[],
  t: Translate,
): Monaco.editor.IMarkerData[] {
  const severity = {
    error: monaco.MarkerSeverity.Error,
    warning: monaco.MarkerSeverity.Warning,
    info: monaco.MarkerSeverity.Info,
  } as const;
  return diagnostics
    .filter((d) => d.line <= model.getLineCount())
    .map((d) => {
      const endLine = Math.min(d.endLine ?? d.line, model.getLineCount());
      // Without an end, underline to the end of the line so the marker is visible at all.
      const endColumn = d.endColumn ?? model.getLineMaxColumn(endLine);
      return {
        startLineNumber: d.line,
        startColumn: d.column,
        endLineNumber: endLine,
        endColumn: Math.max(endColumn, d.column + 1),
        message: diagnosticText(t, d),
        code: d.code,
        severity: severity[d.severity],
        source: 'ppe',
      };
    });
}

export function MonacoPpe({ uri, initialText, diagnostics, dark, onChange }: Props) {
  const t = useT();
  const host = useRef<HTMLDivElement>(null);
  const loaded = useRef<{ monaco: typeof Ppe.monaco; model: Monaco.editor.ITextModel } | null>(null);
  const [ready, setReady] = useState(false);
  const latest = useRef(onChange);
  latest.current = onChange;

  useEffect(() => {
    let disposed = false;
    let editor: Monaco.editor.IStandaloneCodeEditor | undefined;
    void import('./monaco-ppe.ts').then(({ monaco }) => {
      if (disposed || !host.current) return;
      const model = monaco.editor.createModel(initialText, 'yaml', monaco.Uri.parse(uri));
      editor = monaco.editor.create(host.current, {
        model,
        automaticLayout: true,
        minimap: { enabled: false },
        tabSize: 2,
        insertSpaces: true,
        scrollBeyondLastLine: false,
        theme: dark ? 'vs-dark' : 'vs',
        fontSize: 13,
        quickSuggestions: { other: true, comments: false, strings: false },
      });
      escapeThenTabLeaves(editor, monaco.KeyCode);
      loaded.current = { monaco, model };
      editor.onDidChangeModelContent(() => latest.current(model.getValue()));
      setReady(true);
    });
    return () => {
      disposed = true;
      loaded.current = null;
      editor?.getModel()?.dispose();
      editor?.dispose();
    };
    // One model per uri; the text is the editor's own from then on.
  }, [uri]);

  useEffect(() => {
    const l = loaded.current;
    if (l && !l.model.isDisposed())
      l.monaco.editor.setModelMarkers(l.model, 'ppe', markers(l.monaco, l.model, diagnostics, t));
  }, [diagnostics, ready, t]);

  useEffect(() => {
    loaded.current?.monaco.editor.setTheme(dark ? 'vs-dark' : 'vs');
  }, [dark, ready]);

  return (
    <div className="monaco-wrap">
      <div ref={host} className="monaco-host" data-testid="script-editor" />
      <p className="editor-keys">{t('editor.keys')}</p>
    </div>
  );
}
