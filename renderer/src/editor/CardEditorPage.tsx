/** The card editor: form and JSON side by side on one document, save with revisions, history. */
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import type { CardRecord } from '../../../shared/library/types.ts';
import { isDirty } from '../../../shared/document/doc-session.ts';
import { useApi } from '../app/ApiContext.ts';
import { useT } from '../i18n/index.ts';
import { CardForm } from './CardForm.tsx';
import { MonacoJson } from './MonacoJson.tsx';
import { HistoryPanel } from './HistoryPanel.tsx';
import { useDocSession } from './useDocSession.ts';
import { useEditorShortcuts } from './useEditorShortcuts.ts';
import { useDarkMode } from '../app/useDarkMode.ts';
import { onCommand } from '../app/commands.ts';
import { Messages } from '../app/Messages.tsx';
import { readTokenizer, writeTokenizer } from '../app/preferences.ts';
import { FilePanel } from './FilePanel.tsx';
import { AvatarField } from './AvatarField.tsx';
import { CharacterBookTab } from './CharacterBookTab.tsx';
import { ExportDialog } from './ExportDialog.tsx';
import { useTokenCounts } from './useTokenCounts.ts';
import { cardSpec, fieldPath, visibleFields } from './card-fields.ts';
import { getAtPath } from '../../../shared/document/json-path.ts';
import { cardSchemas } from '../../../shared/card/index.ts';
import { tokenizerNames } from '../../../shared/tokenize/index.ts';
import type { TokenizerName } from '../../../shared/tokenize/index.ts';
import type { JsonObject } from '../../../shared/library/parse-document.ts';
import { errorMessage } from '../../../shared/errors.ts';

const SCHEMAS = { v1: cardSchemas.cardV1, v2: cardSchemas.cardV2, v3: cardSchemas.cardV3 } as const;

/** The text fields whose tokens count towards the prompt. */
function tokenFields(doc: JsonObject): Record<string, string> {
  const spec = cardSpec(doc);
  const out: Record<string, string> = {};
  for (const f of visibleFields(spec)) {
    if (f.kind !== 'text' && f.kind !== 'list') continue;
    const v = getAtPath(doc, fieldPath(spec, f.key));
    if (typeof v === 'string') out[f.key] = v;
    else if (Array.isArray(v)) out[f.key] = v.filter((x) => typeof x === 'string').join('\n');
  }
  return out;
}

interface Props {
  id: number;
  onClose(): void;
  onDirtyChange(dirty: boolean): void;
}

type Panel = 'none' | 'history' | 'file';

export function CardEditorPage({ id, onClose, onDirtyChange }: Props) {
  const api = useApi();
  const t = useT();
  const dark = useDarkMode();
  const [record, setRecord] = useState<CardRecord | null>(null);
  const [state, dispatch] = useDocSession();
  const [panel, setPanel] = useState<Panel>('none');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const [formTab, setFormTab] = useState<'card' | 'book'>('card');
  const [tokenizer, setTokenizer] = useState<TokenizerName>(readTokenizer);
  useEffect(() => writeTokenizer(tokenizer), [tokenizer]);
  const fields = useMemo(() => (state ? tokenFields(state.value) : {}), [state?.value]);
  const tokens = useTokenCounts(fields, tokenizer);
  // The JSON view follows form typing at low priority, so a keystroke paints the form first.
  const jsonText = useDeferredValue(state?.text ?? '');
  const onError = useCallback((e: unknown) => setError(errorMessage(e)), []);

  useEffect(() => {
    api.invoke('cards.get', { id }).then((r) => {
      setRecord(r);
      dispatch({ type: 'open', text: r.document });
    }, onError);
  }, [api, id, dispatch, onError]);

  const dirty = state ? isDirty(state) : false;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const save = useCallback(async (): Promise<void> => {
    if (!state || !record) return;
    if (state.error) {
      setError(t('editor.cannotSaveInvalid'));
      return;
    }
    try {
      const saved = await api.invoke('cards.update', { id, document: state.text, baseRevision: record.revision });
      setRecord(saved);
      dispatch({ type: 'saved', text: saved.document });
      setNotice(t('editor.saved', { revision: saved.revision }));
    } catch (e) {
      onError(e);
    }
  }, [api, id, record, state, dispatch, onError, t]);

  useEditorShortcuts(save, dispatch);

  useEffect(() => onCommand((command) => command === 'export' && setExporting(true)), []);

  // Restoring saves the old document as a new revision, so nothing in between is lost either.
  const restore = async (document: string, revision: number): Promise<void> => {
    if (!record || (dirty && !window.confirm(t('editor.discardForRestore')))) return;
    try {
      const saved = await api.invoke('cards.update', { id, document, baseRevision: record.revision });
      setRecord(saved);
      dispatch({ type: 'open', text: saved.document });
      setNotice(t('history.restored', { revision, now: saved.revision }));
    } catch (e) {
      onError(e);
    }
  };

  // The library's convert operation: a new revision, so the V1 original stays in history.
  const convertToV2 = async (): Promise<void> => {
    try {
      const [outcome] = await api.invoke('cards.convert', { ids: [id], to: 'v2' });
      if (outcome?.status === 'failed') throw new Error(outcome.message);
      const converted = await api.invoke('cards.get', { id });
      setRecord(converted);
      dispatch({ type: 'open', text: converted.document });
      setNotice(t('editor.convertedToV2', { revision: converted.revision }));
    } catch (e) {
      onError(e);
    }
  };

  const uri = useMemo(() => `inmemory://card/${id}.json`, [id]);
  if (!record || !state) return <p className="muted">{error ?? t('editor.loading')}</p>;

  return (
    <section className="editor">
      <header className="toolbar editor-bar">
        <button type="button" onClick={onClose}>
          ← {t('nav.library')}
        </button>
        <h2 className="editor-title">
          {String((state.value['data'] as Record<string, unknown> | undefined)?.['name'] ?? state.value['name'] ?? '')}
        </h2>
        <span className="muted">{t('editor.revision', { revision: record.revision })}</span>
        {dirty && <span className="dirty">{t('editor.unsavedBadge')}</span>}
        <button type="button" onClick={() => dispatch({ type: 'undo' })} disabled={state.undo.length === 0}>
          {t('editor.undo')}
        </button>
        <button type="button" onClick={() => dispatch({ type: 'redo' })} disabled={state.redo.length === 0}>
          {t('editor.redo')}
        </button>
        <label className="tokenizer">
          <select
            aria-label={t('tokens.tokenizer')}
            value={tokenizer}
            onChange={(e) => setTokenizer(e.target.value as TokenizerName)}
          >
            {tokenizerNames.map((n) => (
              <option key={n} value={n}>
                {t(`tokens.${n}`)}
              </option>
            ))}
          </select>
          <span data-testid="token-total">
            {tokens ? t(tokens.exact ? 'tokens.totalExact' : 'tokens.totalEstimate', { n: tokens.total }) : '…'}
          </span>
        </label>
        <button
          type="button"
          className={panel === 'history' ? 'selected' : ''}
          onClick={() => setPanel(panel === 'history' ? 'none' : 'history')}
        >
          {t('history.title')}
        </button>
        <button
          type="button"
          className={panel === 'file' ? 'selected' : ''}
          onClick={() => setPanel(panel === 'file' ? 'none' : 'file')}
        >
          {t('file.title')}
        </button>
        <button type="button" onClick={() => setExporting(true)}>
          {t('export.title')}
        </button>
        <button type="button" className="primary" onClick={() => void save()} disabled={!dirty}>
          {t('library.save')}
        </button>
      </header>
      <Messages notice={notice} error={error} onDismiss={() => setError(null)} />
      {state.error && <div className="warning">{t('editor.formWaits')}</div>}
      {exporting && <ExportDialog cardId={id} dirty={dirty} onClose={() => setExporting(false)} onError={onError} />}
      <div className={panel === 'none' ? 'editor-panes' : 'editor-panes with-panel'}>
        <div className="pane form-pane">
          {cardSpec(state.value) !== 'v1' && (
            <div className="segmented form-tabs" role="tablist">
              <button
                role="tab"
                aria-selected={formTab === 'card'}
                className={formTab === 'card' ? 'selected' : ''}
                onClick={() => setFormTab('card')}
              >
                {t('editor.tabCard')}
              </button>
              <button
                role="tab"
                aria-selected={formTab === 'book'}
                className={formTab === 'book' ? 'selected' : ''}
                onClick={() => setFormTab('book')}
              >
                {t('editor.tabBook')}
              </button>
            </div>
          )}
          {formTab === 'book' && cardSpec(state.value) !== 'v1' ? (
            <CharacterBookTab
              cardId={id}
              doc={state.value}
              disabled={state.error !== null}
              dirty={dirty}
              onField={(path, value) => dispatch({ type: 'field', path, value })}
              onCardChanged={(saved) => {
                // The tab asked before discarding unsaved edits; the stored card is now the one to edit.
                setRecord(saved);
                dispatch({ type: 'open', text: saved.document });
              }}
            />
          ) : (
            <CardForm
              doc={state.value}
              header={<AvatarField record={record} onReplaced={setRecord} onError={onError} />}
              disabled={state.error !== null}
              onField={(path, value) => dispatch({ type: 'field', path, value })}
              onConvertToV2={() => void convertToV2()}
              dirty={dirty}
              {...(tokens ? { tokenCounts: tokens.counts } : {})}
            />
          )}
        </div>
        <div className="pane json-pane">
          <MonacoJson
            text={state.changedBy === 'form' ? jsonText : state.text}
            external={state.changedBy !== 'text'}
            uri={uri}
            schema={SCHEMAS[cardSpec(state.value)]}
            error={state.error}
            dark={dark}
            onChange={(text) => dispatch({ type: 'text', text })}
          />
        </div>
        {panel === 'file' && <FilePanel cardId={id} revision={record.revision} onError={onError} />}
        {panel === 'history' && (
          <HistoryPanel
            cardId={id}
            currentRevision={record.revision}
            current={state.value}
            onRestore={(d, r) => void restore(d, r)}
            onError={onError}
          />
        )}
      </div>
    </section>
  );
}
