/** Add or edit a connection profile: preset, endpoint, model, where the key comes from, defaults; test it. */
import { useState } from 'react';
import type { PresetInfo, ProfileRecord, SaveProfileInput } from '../../../shared/api/methods/chats.ts';
import { useApi } from '../app/ApiContext.ts';
import { useT } from '../i18n/index.ts';
import type { MessageKey } from '../i18n/en.ts';

type KeyMode = 'none' | 'env' | 'file';

function initialKeyMode(p: ProfileRecord | null): KeyMode {
  if (p?.apiKeyEnv) return 'env';
  return p && p.key !== 'none' ? 'file' : 'none';
}

export function ProfileEditor({
  profile,
  presets,
  onSaved,
  onDeleted,
  onError,
}: {
  profile: ProfileRecord | null;
  presets: PresetInfo[];
  onSaved(p: ProfileRecord): void;
  onDeleted(id: string): void;
  onError(e: unknown): void;
}) {
  const api = useApi();
  const t = useT();
  const first = presets[0];
  const [fields, setFields] = useState<SaveProfileInput>(() =>
    profile
      ? { ...profile }
      : {
          name: first?.label ?? '',
          preset: first?.id ?? 'custom',
          kind: first?.kind ?? 'openai-chat',
          baseURL: first?.baseURL ?? '',
          model: '',
        },
  );
  const [keyMode, setKeyMode] = useState<KeyMode>(initialKeyMode(profile));
  const [key, setKey] = useState('');
  const [models, setModels] = useState<string[] | null>(null);
  // Set once a new profile is saved, so "Save" and "Test" go on updating that same profile.
  const [id, setId] = useState<string | undefined>(profile?.id);
  const set = (patch: Partial<SaveProfileInput>) => setFields((f) => ({ ...f, ...patch }));

  const choosePreset = (id: string) => {
    const p = presets.find((x) => x.id === id);
    if (!p) return;
    set({
      preset: p.id,
      kind: p.kind,
      baseURL: p.baseURL,
      name: !profile && presets.some((x) => x.label === fields.name) ? p.label : fields.name,
    });
    if (p.needsApiKey && keyMode === 'none') setKeyMode('file');
  };

  const save = async (): Promise<ProfileRecord | null> => {
    const { apiKeyEnv, ...rest } = fields;
    const input: SaveProfileInput = { ...rest, ...(id ? { id } : {}) };
    if (keyMode === 'env' && apiKeyEnv) input.apiKeyEnv = apiKeyEnv;
    // Without a newly typed key the stored one is kept (while the URL keeps its origin).
    if (keyMode === 'file' && key) input.apiKey = key;
    if (keyMode === 'none') input.clearKey = true;
    delete (input as { key?: unknown }).key;
    try {
      const saved = await api.invoke('chats.saveProfile', input);
      setKey('');
      setId(saved.id);
      onSaved(saved);
      return saved;
    } catch (e) {
      onError(e);
      return null;
    }
  };

  const test = async () => {
    const saved = await save();
    if (!saved) return;
    try {
      setModels((await api.invoke('chats.testProfile', { id: saved.id })).models);
    } catch (e) {
      onError(e);
    }
  };

  const number = (value: string): number | undefined => (value === '' ? undefined : Number(value));
  return (
    <form
      className="profile-editor"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <label className="field">
        <span className="field-label">{t('chats.preset')}</span>
        <select aria-label={t('chats.preset')} value={fields.preset} onChange={(e) => choosePreset(e.target.value)}>
          {presets.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="field-label">{t('chats.profileName')}</span>
        <input value={fields.name} onChange={(e) => set({ name: e.target.value })} required />
      </label>
      <label className="field">
        <span className="field-label">{t('chats.kind')}</span>
        <select
          aria-label={t('chats.kind')}
          value={fields.kind}
          onChange={(e) => set({ kind: e.target.value as SaveProfileInput['kind'] })}
        >
          {(['openai-chat', 'openai-text'] as const).map((k) => (
            <option key={k} value={k}>
              {t(`chats.kind.${k}` as MessageKey)}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="field-label">{t('chats.baseURL')}</span>
        <input value={fields.baseURL} onChange={(e) => set({ baseURL: e.target.value })} required />
      </label>
      <label className="field">
        <span className="field-label">{t('chats.model')}</span>
        <input value={fields.model} onChange={(e) => set({ model: e.target.value })} list="profile-models" />
        {models && (
          <datalist id="profile-models">
            {models.map((m) => (
              <option key={m} value={m} />
            ))}
          </datalist>
        )}
      </label>
      <label className="field">
        <span className="field-label">{t('chats.keySource')}</span>
        <select
          aria-label={t('chats.keySource')}
          value={keyMode}
          onChange={(e) => setKeyMode(e.target.value as KeyMode)}
        >
          {(['none', 'env', 'file'] as const).map((k) => (
            <option key={k} value={k}>
              {t(`chats.key.${k}` as MessageKey)}
            </option>
          ))}
        </select>
      </label>
      {keyMode === 'env' && (
        <label className="field">
          <span className="field-label">{t('chats.keyEnv')}</span>
          <input
            value={fields.apiKeyEnv ?? ''}
            onChange={(e) => set({ apiKeyEnv: e.target.value || undefined })}
            placeholder="OPENAI_API_KEY"
          />
        </label>
      )}
      {keyMode === 'file' && (
        <label className="field">
          <span className="field-label">{t('chats.keyValue')}</span>
          <input type="password" value={key} onChange={(e) => setKey(e.target.value)} autoComplete="off" />
          {profile?.key === 'file' && <span className="hint">{t('chats.keyKept')}</span>}
        </label>
      )}
      {profile?.key === 'missing' && <p className="warning">{t('chats.keyMissing')}</p>}
      <div className="chat-row">
        <label className="field">
          <span className="field-label">{t('chats.temperature')}</span>
          <input
            type="number"
            step="0.05"
            min="0"
            max="2"
            value={fields.parameters?.temperature ?? ''}
            onChange={(e) => set({ parameters: { ...fields.parameters, temperature: number(e.target.value) } })}
          />
        </label>
        <label className="field">
          <span className="field-label">{t('chats.maxTokens')}</span>
          <input
            type="number"
            min="1"
            value={fields.parameters?.max_tokens ?? ''}
            onChange={(e) => set({ parameters: { ...fields.parameters, max_tokens: number(e.target.value) } })}
          />
        </label>
      </div>
      <div className="chat-row">
        <button type="submit" className="primary">
          {t('chats.saveProfile')}
        </button>
        <button type="button" onClick={() => void test()}>
          {t('chats.test')}
        </button>
        {id && (
          <button
            type="button"
            className="danger"
            onClick={() => api.invoke('chats.deleteProfile', { id }).then(() => onDeleted(id), onError)}
          >
            {t('chats.deleteProfile')}
          </button>
        )}
      </div>
      {models && (
        <p className="notice" data-testid="test-result">
          {t('chats.testOk', { models: models.join(', ') })}
        </p>
      )}
    </form>
  );
}
