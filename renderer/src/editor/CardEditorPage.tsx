/** The card editor: form and JSON side by side on one document, save with revisions, history. */
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useApi } from '../app/ApiContext.ts';
import { useT } from '../i18n/index.ts';
import { CardForm } from './CardForm.tsx';
import { MonacoJson } from './MonacoJson.tsx';
import { HistoryPanel } from './HistoryPanel.tsx';
import { PanelToggle, SaveButton, SaveState, UndoRedo } from './EditorBar.tsx';
import { sessionBinding, useDocSession } from './useDocSession.ts';
import { useRevisionedDoc } from './useRevisionedDoc.ts';
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
  const [state, dispatch] = useDocSession();
  const doc = useRevisionedDoc('cards', id, sessionBinding(state, dispatch), { onDirtyChange });
  const { record, dirty, save, onError, setNotice } = doc;
  const [panel, setPanel] = useState<Panel>('none');
  const [exporting, setExporting] = useState(false);
  const [formTab, setFormTab] = useState<'card' | 'book'>('card');
  const [tokenizer, setTokenizer] = useState<TokenizerName>(readTokenizer);
  useEffect(() => writeTokenizer(tokenizer), [tokenizer]);
  const fields = useMemo(() => (state ? tokenFields(state.value) : {}), [state?.value]);
  const tokens = useTokenCounts(fields, tokenizer);
  // The JSON view follows form typing at low priority, so a keystroke paints the form first.
  const jsonText = useDeferredValue(state?.text ?? '');

  useEditorShortcuts(save, dispatch);

  useEffect(() => onCommand((command) => command === 'export' && setExporting(true)), []);

  // The library's convert operation: a new revision, so the V1 original stays in history.
  const convertToV2 = async (): Promise<void> => {
    try {
      const [outcome] = await api.invoke('cards.convert', { ids: [id], to: 'v2' });
      if (outcome?.status === 'failed') throw new Error(outcome.message);
      const converted = await doc.reload();
      setNotice(t('editor.convertedToV2', { revision: converted.revision }));
    } catch (e) {
      onError(e);
    }
  };

  const uri = useMemo(() => `inmemory://card/${id}.json`, [id]);
  if (!record || !state) return <p className="muted">{doc.error ?? t('editor.loading')}</p>;

  return (
    <section className="editor">
      <header className="toolbar editor-bar">
        <button type="button" onClick={onClose}>
          ← {t('nav.library')}
        </button>
        <h2 className="editor-title">
          {String((state.value['data'] as Record<string, unknown> | undefined)?.['name'] ?? state.value['name'] ?? '')}
        </h2>
        <SaveState revision={record.revision} dirty={dirty} />
        <UndoRedo state={state} dispatch={dispatch} />
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
        <PanelToggle panel="history" open={panel} onOpen={setPanel}>
          {t('history.title')}
        </PanelToggle>
        <PanelToggle panel="file" open={panel} onOpen={setPanel}>
          {t('file.title')}
        </PanelToggle>
        <button type="button" onClick={() => setExporting(true)}>
          {t('export.title')}
        </button>
        <SaveButton dirty={dirty} onSave={save} />
      </header>
      <Messages notice={doc.notice} error={doc.error} onDismiss={doc.dismissError} />
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
              // The tab asked before discarding unsaved edits; the stored card is now the one to edit.
              onCardChanged={doc.reopen}
            />
          ) : (
            <CardForm
              doc={state.value}
              header={<AvatarField record={record} onReplaced={doc.setRecord} onError={onError} />}
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
        {panel === 'history' && <HistoryPanel kind="cards" doc={doc} record={record} current={state.value} />}
      </div>
    </section>
  );
}
