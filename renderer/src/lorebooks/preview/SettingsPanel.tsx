/** Scan settings, generation type and seed for the preview (SillyTavern's World Info settings, same meanings). */
import { memo } from 'react';
import type { ScanSettings } from '../../../../shared/lorebook/model.ts';
import { useT } from '../../i18n/index.ts';
import type { MessageKey } from '../../i18n/en.ts';
import { TRIGGERS } from '../entry-fields.ts';
import { NumberInput } from '../inputs.tsx';
import type { PreviewSetup } from './scenario.ts';

interface Props {
  setup: PreviewSetup;
  onSetup(setup: PreviewSetup): void;
}

type NumberSetting =
  'depth' | 'budget' | 'budgetCap' | 'minActivations' | 'minActivationsDepthMax' | 'maxRecursionSteps';
type BoolSetting = 'recursive' | 'caseSensitive' | 'matchWholeWords' | 'includeNames' | 'useGroupScoring';

const NUMBERS: readonly NumberSetting[] = [
  'depth',
  'budget',
  'budgetCap',
  'minActivations',
  'minActivationsDepthMax',
  'maxRecursionSteps',
];
const BOOLS: readonly BoolSetting[] = [
  'recursive',
  'caseSensitive',
  'matchWholeWords',
  'includeNames',
  'useGroupScoring',
];

/** Memoised: typing in the chat re-renders the preview around it. */
export const SettingsPanel = memo(function SettingsPanel({ setup, onSetup }: Props) {
  const t = useT();
  const setSetting = (patch: Partial<ScanSettings>) => onSetup({ ...setup, settings: { ...setup.settings, ...patch } });
  return (
    <details className="lb-settings">
      <summary>{t('lb.settings.title')}</summary>
      <div className="lb-settings-grid">
        {NUMBERS.map((name) => (
          <label key={name}>
            {t(`lb.settings.${name}` as MessageKey)}
            <NumberInput
              id={`lb-set-${name}`}
              value={setup.settings[name]}
              nullable={false}
              onChange={(v) => v !== null && setSetting({ [name]: Math.max(0, Math.round(v)) })}
            />
          </label>
        ))}
        <label>
          {t('lb.settings.maxContext')}
          <NumberInput
            id="lb-set-maxContext"
            value={setup.maxContext}
            nullable={false}
            onChange={(v) => v !== null && onSetup({ ...setup, maxContext: Math.max(1, Math.round(v)) })}
          />
        </label>
        <label>
          {t('lb.settings.seed')}
          <NumberInput
            id="lb-set-seed"
            value={setup.seed}
            nullable={false}
            onChange={(v) => v !== null && onSetup({ ...setup, seed: Math.round(v) })}
          />
        </label>
        <label>
          {t('lb.settings.trigger')}
          <select value={setup.trigger} onChange={(e) => onSetup({ ...setup, trigger: e.target.value })}>
            {TRIGGERS.map((g) => (
              <option key={g} value={g}>
                {t(`lb.trigger.${g}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('lb.settings.characterStrategy')}
          <select
            value={setup.settings.characterStrategy}
            onChange={(e) => setSetting({ characterStrategy: Number(e.target.value) })}
          >
            <option value={0}>{t('lb.settings.strategy.0')}</option>
            <option value={1}>{t('lb.settings.strategy.1')}</option>
            <option value={2}>{t('lb.settings.strategy.2')}</option>
          </select>
        </label>
        {BOOLS.map((name) => (
          <label key={name} className="inline">
            <input
              type="checkbox"
              checked={setup.settings[name]}
              onChange={(e) => setSetting({ [name]: e.target.checked })}
            />
            {t(`lb.settings.${name}` as MessageKey)}
          </label>
        ))}
        <label className="inline">
          <input
            type="checkbox"
            checked={setup.authorsNote}
            onChange={(e) => onSetup({ ...setup, authorsNote: e.target.checked })}
          />
          {t('lb.settings.authorsNote')}
        </label>
        <label className="inline">
          <input
            type="checkbox"
            checked={setup.turns}
            onChange={(e) => onSetup({ ...setup, turns: e.target.checked })}
          />
          {t('lb.settings.turns')}
        </label>
        <label className="wide">
          {t('lb.settings.description')}
          <textarea
            rows={2}
            value={setup.description}
            onChange={(e) => onSetup({ ...setup, description: e.target.value })}
          />
        </label>
        <label className="wide">
          {t('lb.settings.persona')}
          <textarea rows={2} value={setup.persona} onChange={(e) => onSetup({ ...setup, persona: e.target.value })} />
        </label>
      </div>
    </details>
  );
});
