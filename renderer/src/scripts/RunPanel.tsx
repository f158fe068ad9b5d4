/**
 * Runs the script in the editor (saved or not): an inputs form generated from the front matter's `input`, the model
 * connection (a saved one from the Chats page, remembered, or one entered here), the answer streaming in, the final
 * result, and the log of every message sent.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ScriptConnection, ScriptRunResult } from '../../../shared/api/methods/scripts.ts';
import type { ProfileRecord } from '../../../shared/api/methods/chats.ts';
import { useStoredState } from '../app/useStoredState.ts';
import type { RunLogEntry } from '../../../shared/ppe/runtime.ts';
import { useApi } from '../app/ApiContext.ts';
import { useT } from '../i18n/index.ts';
import { inputFields, runInput } from './run-inputs.ts';
import { RunLog } from './RunLog.tsx';
import { errorMessage } from '../../../shared/errors.ts';

const CONNECTION_KEY = 'lorewright.scripts.connection';
const PROFILE_KEY = 'lorewright.scripts.profile';
const isString = (v: unknown): v is string => typeof v === 'string';

function storedConnection(): ScriptConnection {
  try {
    const c = JSON.parse(localStorage.getItem(CONNECTION_KEY) ?? '{}') as Partial<ScriptConnection>;
    return { baseURL: c.baseURL ?? '', model: c.model ?? '', apiKeyEnv: c.apiKeyEnv ?? '' };
  } catch {
    return { baseURL: '', model: '', apiKeyEnv: '' };
  }
}

const shown = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v, null, 2) ?? ''));

interface Props {
  script: string;
  /** The library name, so the script cannot call itself. */
  name: string;
}

export function RunPanel({ script, name }: Props) {
  const api = useApi();
  const t = useT();
  const fields = useMemo(() => inputFields(script), [script]);
  const [values, setValues] = useState<Record<string, string>>({});
  const [connection, setConnection] = useState<ScriptConnection>(storedConnection);
  const [profiles, setProfiles] = useState<ProfileRecord[]>([]);
  // '' runs against the connection entered here.
  const [storedProfileId, setProfileId] = useStoredState(PROFILE_KEY, '', isString);
  const profileId = profiles.some((p) => p.id === storedProfileId) ? storedProfileId : '';
  const [running, setRunning] = useState<AbortController | null>(null);
  const [live, setLive] = useState('');
  const [log, setLog] = useState<RunLogEntry[]>([]);
  const [result, setResult] = useState<ScriptRunResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const request = useRef(-1);

  useEffect(() => localStorage.setItem(CONNECTION_KEY, JSON.stringify(connection)), [connection]);
  useEffect(() => () => running?.abort(), [running]);
  useEffect(() => {
    let current = true;
    api.invoke('chats.profiles', {}).then(
      (r) => current && setProfiles(r.profiles),
      (e: unknown) => current && setProblem(errorMessage(e)),
    );
    return () => {
      current = false;
    };
  }, [api]);

  const run = async (): Promise<void> => {
    const controller = new AbortController();
    setRunning(controller);
    setLive('');
    setLog([]);
    setResult(null);
    setProblem(null);
    request.current = -1;
    const { baseURL, model, apiKeyEnv } = connection;
    try {
      const outcome = await api.invoke(
        'scripts.run',
        {
          document: script,
          name,
          input: runInput(Object.fromEntries(fields.map((f) => [f.name, values[f.name] ?? '']))),
          ...(profileId
            ? { profileId }
            : baseURL.trim() && model.trim()
              ? {
                  connection: {
                    baseURL: baseURL.trim(),
                    model: model.trim(),
                    ...(apiKeyEnv?.trim() ? { apiKeyEnv: apiKeyEnv.trim() } : {}),
                  },
                }
              : {}),
        },
        {
          signal: controller.signal,
          onProgress: (event) => {
            if (event.kind === 'log') setLog((entries) => [...entries, event.entry]);
            else if (event.request !== request.current) {
              // A new request starts a new answer.
              request.current = event.request;
              setLive(event.text);
            } else setLive((text) => text + event.text);
          },
        },
      );
      setResult(outcome);
      setLog(outcome.log);
    } catch (e) {
      setProblem(errorMessage(e));
    } finally {
      setRunning(null);
    }
  };

  const failure = result?.status === 'failed' ? result.error : null;
  return (
    <aside className="side-panel run-panel" aria-label={t('scripts.run.title')}>
      <h3>{t('scripts.run.title')}</h3>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!running) void run();
        }}
      >
        {fields.length > 0 && (
          <fieldset className="run-inputs">
            <legend>{t('scripts.run.inputs')}</legend>
            {fields.map((f) => (
              <label key={f.name} className="field">
                <span className="field-label">
                  {f.name}
                  {f.required && <span className="required"> *</span>}
                </span>
                <input
                  value={values[f.name] ?? ''}
                  placeholder={f.placeholder}
                  title={f.description}
                  onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}
                />
              </label>
            ))}
          </fieldset>
        )}
        <fieldset className="run-connection">
          <legend>{t('scripts.run.connection')}</legend>
          <label className="field">
            <span className="field-label">{t('scripts.run.profile')}</span>
            <select value={profileId} onChange={(e) => setProfileId(e.target.value)}>
              <option value="">{t('scripts.run.profileNone')}</option>
              {profiles.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.model ? `${p.name} (${p.model})` : p.name}
                </option>
              ))}
            </select>
          </label>
          {profileId ? (
            <p className="hint">{t('scripts.run.profileHint')}</p>
          ) : (
            <>
              <label className="field">
                <span className="field-label">{t('scripts.run.endpoint')}</span>
                <input
                  value={connection.baseURL}
                  placeholder="http://127.0.0.1:8080/v1"
                  onChange={(e) => setConnection({ ...connection, baseURL: e.target.value })}
                />
              </label>
              <label className="field">
                <span className="field-label">{t('scripts.run.model')}</span>
                <input
                  value={connection.model}
                  onChange={(e) => setConnection({ ...connection, model: e.target.value })}
                />
              </label>
              <label className="field">
                <span className="field-label">{t('scripts.run.apiKeyEnv')}</span>
                <input
                  value={connection.apiKeyEnv ?? ''}
                  placeholder="OPENAI_API_KEY"
                  onChange={(e) => setConnection({ ...connection, apiKeyEnv: e.target.value })}
                />
              </label>
              <p className="hint">{t('scripts.run.connectionHint')}</p>
            </>
          )}
        </fieldset>
        <div className="run-actions">
          <button type="submit" className="primary" disabled={running !== null}>
            {t('scripts.run.start')}
          </button>
          {running && (
            <button type="button" onClick={() => running.abort()}>
              {t('scripts.run.cancel')}
            </button>
          )}
        </div>
      </form>
      <h4>{t('scripts.run.output')}</h4>
      <pre className="run-output" data-testid="run-output" aria-live="polite">
        {result?.status === 'done' ? shown(result.output) : running ? live : ''}
      </pre>
      {failure && (
        <div className="error" role="alert">
          {failure.line !== undefined && (
            <strong>{t('scripts.run.errorAt', { line: failure.line, column: failure.column ?? 1 })} </strong>
          )}
          {failure.script && <strong>{t('scripts.run.errorIn', { script: failure.script })} </strong>}
          {failure.message}
        </div>
      )}
      {problem && (
        <div className="error" role="alert">
          {problem}
        </div>
      )}
      <RunLog entries={log} self={name} />
    </aside>
  );
}
