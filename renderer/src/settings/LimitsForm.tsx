/** The evaluation limits (time, heap, sizes) the host's sandbox applies to later scans, prompts and scripts. */
import { useEffect, useState } from 'react';
import { LIMIT_NAMES, LIMIT_RANGES, type EvalLimits } from '../../../shared/sandbox/limits.ts';
import { errorMessage } from '../../../shared/errors.ts';
import { useApi } from '../app/ApiContext.ts';
import { useT } from '../i18n/index.ts';

interface Props {
  onError(message: string): void;
}

export function LimitsForm({ onError }: Props) {
  const api = useApi();
  const t = useT();
  const [limits, setLimits] = useState<EvalLimits | null>(null);
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    api.invoke('app.limits', {}).then(setLimits, (e: unknown) => onError(errorMessage(e)));
  }, [api, onError]);
  if (!limits) return null;

  const save = (): void => {
    const input = Object.fromEntries(Object.entries(draft).map(([name, value]) => [name, Number(value)]));
    api.invoke('app.setLimits', input).then(
      (next) => {
        setLimits(next);
        setDraft({});
        setSaved(true);
      },
      (e: unknown) => onError(errorMessage(e)),
    );
  };

  return (
    <fieldset className="limits">
      <legend>{t('settings.limits')}</legend>
      <p className="hint">{t('settings.limitsHint')}</p>
      {LIMIT_NAMES.map((name) => {
        const [min, max] = LIMIT_RANGES[name];
        return (
          <div className="field" key={name}>
            <label htmlFor={`limit-${name}`}>{t(`settings.limit.${name}`)}</label>
            <input
              id={`limit-${name}`}
              type="number"
              min={min}
              max={max}
              step={1}
              value={draft[name] ?? String(limits[name])}
              onChange={(e) => {
                setSaved(false);
                setDraft({ ...draft, [name]: e.target.value });
              }}
            />
          </div>
        );
      })}
      <button type="button" disabled={Object.keys(draft).length === 0} onClick={save}>
        {t('settings.limitsSave')}
      </button>
      {saved && <span role="status">{t('settings.limitsSaved')}</span>}
    </fieldset>
  );
}
