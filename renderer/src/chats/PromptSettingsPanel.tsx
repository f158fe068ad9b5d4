/** The collapsible "Prompt settings" of a test chat: author's note, main prompt, persona, format and budget. */
import { useEffect, useState } from 'react';
import type { ProfileKind } from '../../../shared/api/methods/chats.ts';
import { tokenizerNames } from '../../../shared/tokenize/index.ts';
import { useT } from '../i18n/index.ts';
import type { BookInPlay } from './books-in-play.ts';
import {
  AN_POSITIONS,
  CUSTOM_TEMPLATE,
  defaultPanelSettings,
  effectiveMode,
  ROLES,
  type PanelSettings,
} from './prompt-settings.ts';

interface NumberFieldProps {
  label: string;
  value: number | null;
  onChange(value: number | null): void;
  min: number;
  max?: number;
  step?: number;
  placeholder?: string;
}

/**
 * Empty means "the default". The typed text is kept apart from the value so a number can be typed through
 * out-of-range prefixes ("1" on the way to "16384"); only a valid number reaches the settings.
 */
function NumberField(p: NumberFieldProps) {
  const [draft, setDraft] = useState(p.value === null ? '' : String(p.value));
  const parse = (text: string): number | null | undefined => {
    if (text.trim() === '') return null;
    const n = Number(text);
    const ok =
      Number.isFinite(n) &&
      n >= p.min &&
      (p.max === undefined || n <= p.max) &&
      (p.step !== undefined || Number.isInteger(n));
    return ok ? n : undefined;
  };
  // A change from outside (reset) replaces the draft; the field's own valid edits already match.
  useEffect(() => {
    setDraft((d) => (parse(d) === p.value ? d : p.value === null ? '' : String(p.value)));
  }, [p.value]);
  const valid = parse(draft) !== undefined;
  return (
    <label className="field">
      <span className="field-label">{p.label}</span>
      <input
        type="number"
        min={p.min}
        max={p.max}
        step={p.step ?? 1}
        placeholder={p.placeholder}
        value={draft}
        aria-invalid={!valid}
        onChange={(e) => {
          setDraft(e.target.value);
          const n = parse(e.target.value);
          if (n !== undefined) p.onChange(n);
        }}
      />
    </label>
  );
}

export interface PromptSettingsPanelProps {
  settings: PanelSettings;
  onChange(settings: PanelSettings): void;
  personaDescription: string;
  onPersonaDescription(text: string): void;
  profileKind: ProfileKind | undefined;
  templates: string[];
  contexts: string[];
  books: BookInPlay[];
}

export function PromptSettingsPanel(p: PromptSettingsPanelProps) {
  const t = useT();
  const s = p.settings;
  const note = s.authorsNote;
  const set = (patch: Partial<PanelSettings>) => p.onChange({ ...s, ...patch });
  const setNote = (patch: Partial<PanelSettings['authorsNote']>) => set({ authorsNote: { ...note, ...patch } });
  const text = effectiveMode(s, p.profileKind) === 'text';
  return (
    <details className="chat-settings" data-testid="prompt-settings">
      <summary>{t('chats.settings')}</summary>
      <div className="chat-settings-grid">
        <fieldset className="list-field">
          <legend>{t('chats.authorsNote')}</legend>
          <textarea
            aria-label={t('chats.authorsNote')}
            value={note.text}
            onChange={(e) => setNote({ text: e.target.value })}
          />
          <div className="chat-row">
            <label className="field">
              <span className="field-label">{t('chats.anPosition')}</span>
              <select
                value={note.position}
                onChange={(e) => setNote({ position: e.target.value as PanelSettings['authorsNote']['position'] })}
              >
                {AN_POSITIONS.map((x) => (
                  <option key={x} value={x}>
                    {t(`chats.anPosition.${x}`)}
                  </option>
                ))}
              </select>
            </label>
            <NumberField
              label={t('chats.anDepth')}
              value={note.depth}
              min={0}
              max={10_000}
              onChange={(depth) => setNote({ depth: depth ?? defaultPanelSettings.authorsNote.depth })}
            />
            <NumberField
              label={t('chats.anInterval')}
              value={note.interval}
              min={0}
              max={10_000}
              onChange={(interval) => setNote({ interval: interval ?? defaultPanelSettings.authorsNote.interval })}
            />
            <label className="field">
              <span className="field-label">{t('chats.anRole')}</span>
              <select
                value={note.role}
                onChange={(e) => setNote({ role: e.target.value as PanelSettings['authorsNote']['role'] })}
              >
                {ROLES.map((r) => (
                  <option key={r} value={r}>
                    {t(`chats.role.${r}`)}
                  </option>
                ))}
              </select>
            </label>
          </div>
        </fieldset>
        <fieldset className="list-field">
          <legend>{t('chats.promptText')}</legend>
          <label className="field">
            <span className="field-label">{t('chats.mainPrompt')}</span>
            <textarea
              value={s.mainPrompt}
              placeholder={t('chats.mainPromptHint')}
              onChange={(e) => set({ mainPrompt: e.target.value })}
            />
          </label>
          <label className="field">
            <span className="field-label">{t('chats.personaDescription')}</span>
            <textarea value={p.personaDescription} onChange={(e) => p.onPersonaDescription(e.target.value)} />
          </label>
        </fieldset>
        <fieldset className="list-field">
          <legend>{t('chats.format')}</legend>
          <label className="field">
            <span className="field-label">{t('chats.mode')}</span>
            <select value={s.mode} onChange={(e) => set({ mode: e.target.value as PanelSettings['mode'] })}>
              {(['auto', 'chat', 'text'] as const).map((m) => (
                <option key={m} value={m}>
                  {t(`chats.mode.${m}`)}
                </option>
              ))}
            </select>
          </label>
          {text && (
            <label className="field">
              <span className="field-label">{t('chats.template')}</span>
              <select value={s.template} onChange={(e) => set({ template: e.target.value })}>
                <option value="">{t('chats.templateNone')}</option>
                {p.templates.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
                <option value={CUSTOM_TEMPLATE}>{t('chats.templateCustom')}</option>
              </select>
            </label>
          )}
          {text && s.template !== CUSTOM_TEMPLATE && (
            <>
              <label className="field">
                <span className="field-label">{t('chats.context')}</span>
                <select value={s.context} onChange={(e) => set({ context: e.target.value })}>
                  <option value="">{t('chats.contextAuto')}</option>
                  {p.contexts.map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                </select>
              </label>
              <label className="checkbox">
                <input
                  type="checkbox"
                  checked={s.bindToContext}
                  onChange={(e) => set({ bindToContext: e.target.checked })}
                />
                {t('chats.bindToContext')}
              </label>
            </>
          )}
          {text && s.template === CUSTOM_TEMPLATE && (
            <label className="field">
              <span className="field-label">{t('chats.jinja')}</span>
              <textarea
                className="chat-jinja"
                value={s.jinja}
                placeholder={t('chats.jinjaHint')}
                spellCheck={false}
                onChange={(e) => set({ jinja: e.target.value })}
              />
            </label>
          )}
          <label className="field">
            <span className="field-label">{t('chats.tokenizer')}</span>
            <select
              value={s.tokenizer}
              onChange={(e) => set({ tokenizer: e.target.value as PanelSettings['tokenizer'] })}
            >
              <option value="">{t('chats.tokenizerAuto')}</option>
              {tokenizerNames.map((n) => (
                <option key={n} value={n}>
                  {t(`tokens.${n}`)}
                </option>
              ))}
            </select>
          </label>
          <div className="chat-row">
            <NumberField
              label={t('chats.maxContext')}
              value={s.maxContext}
              min={256}
              max={10_000_000}
              placeholder={t('chats.default')}
              onChange={(maxContext) => set({ maxContext })}
            />
            <NumberField
              label={t('chats.maxTokens')}
              value={s.maxTokens}
              min={1}
              max={1_000_000}
              placeholder={t('chats.default')}
              onChange={(maxTokens) => set({ maxTokens })}
            />
            <NumberField
              label={t('chats.temperature')}
              value={s.temperature}
              min={0}
              max={10}
              step={0.05}
              placeholder={t('chats.default')}
              onChange={(temperature) => set({ temperature })}
            />
          </div>
          <p className="hint">{t('chats.parametersHint')}</p>
        </fieldset>
        <fieldset className="list-field">
          <legend>{t('chats.booksInPlay')}</legend>
          {p.books.length === 0 ? (
            <p className="muted">{t('chats.noBooks')}</p>
          ) : (
            <ul className="chat-books-in-play" data-testid="books-in-play">
              {p.books.map((b, i) => (
                <li key={i}>
                  {b.name} <span className="muted">· {t(`chats.book.${b.source}`)}</span>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
      </div>
      <button onClick={() => p.onChange({ ...defaultPanelSettings, authorsNote: note })}>
        {t('chats.resetSettings')}
      </button>
    </details>
  );
}
