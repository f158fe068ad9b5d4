/** V3 `creator_notes_multilingual`: creator notes per language (ISO 639-1 code → text). */
import { useState } from 'react';
import { useT } from '../i18n/index.ts';

interface Props {
  label: string;
  value: Record<string, string>;
  onChange(value: Record<string, string>): void;
}

export function MultilingualField({ label, value, onChange }: Props) {
  const t = useT();
  const [newLang, setNewLang] = useState('');
  const entries = Object.entries(value);
  const rename = (from: string, to: string): void => {
    if (!to || to === from || to in value) return;
    // Keep the order of languages as written.
    onChange(Object.fromEntries(entries.map(([k, v]) => [k === from ? to : k, v])));
  };
  return (
    <fieldset className="list-field" data-field="creator_notes_multilingual">
      <legend>{label}</legend>
      {entries.map(([lang, text]) => (
        <div className="list-item" key={lang}>
          <input
            aria-label={t('editor.language')}
            defaultValue={lang}
            className="lang"
            onBlur={(e) => rename(lang, e.target.value.trim())}
          />
          <textarea
            aria-label={t('editor.notesIn', { lang })}
            value={text}
            rows={3}
            onChange={(e) => onChange({ ...value, [lang]: e.target.value })}
          />
          <div className="list-actions">
            <button
              type="button"
              className="danger"
              aria-label={t('editor.removeLanguage', { lang })}
              onClick={() => onChange(Object.fromEntries(entries.filter(([k]) => k !== lang)))}
            >
              ✕
            </button>
          </div>
        </div>
      ))}
      <div className="list-item">
        <input
          aria-label={t('editor.newLanguage')}
          placeholder="zh"
          className="lang"
          value={newLang}
          onChange={(e) => setNewLang(e.target.value)}
        />
        <button
          type="button"
          disabled={newLang.trim() === '' || newLang.trim() in value}
          onClick={() => {
            onChange({ ...value, [newLang.trim()]: '' });
            setNewLang('');
          }}
        >
          {t('editor.addLanguage')}
        </button>
      </div>
    </fieldset>
  );
}
