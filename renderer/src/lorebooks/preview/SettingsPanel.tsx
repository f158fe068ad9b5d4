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

/** A field: its name (label key and id), its value, and how a new value is written (numbers arrive rounded). */
type Field<T> = [name: string, value: T, set: (value: T) => void];

/** Memoised: typing in the chat re-renders the preview around it. */
export const SettingsPanel = memo(function SettingsPanel({ setup, onSetup }: Props) {
  const t = useT();
  const setSetting = (patch: Partial<ScanSettings>) => onSetup({ ...setup, settings: { ...setup.settings, ...patch } });
  const numberFields: Field<number>[] = [
    ...NUMBERS.map((name): Field<number> => [
      name,
      setup.settings[name],
      (n) => setSetting({ [name]: Math.max(0, n) }),
    ]),
    ['maxContext', setup.maxContext, (n) => onSetup({ ...setup, maxContext: Math.max(1, n) })],
    ['seed', setup.seed, (n) => onSetup({ ...setup, seed: n })],
  ];
  const checkFields: Field<boolean>[] = [
    ...BOOLS.map((name): Field<boolean> => [name, setup.settings[name], (on) => setSetting({ [name]: on })]),
    ['authorsNote', setup.authorsNote, (on) => onSetup({ ...setup, authorsNote: on })],
    ['turns', setup.turns, (on) => onSetup({ ...setup, turns: on })],
  ];
  return (
    <details className="lb-settings">
      <summary>{t('lb.settings.title')}</summary>
      <div className="lb-settings-grid">
        {numberFields.map(([name, value, set]) => (
          <label key={name}>
            {t(`lb.settings.${name}` as MessageKey)}
            <NumberInput
              id={`lb-set-${name}`}
              value={value}
              nullable={false}
              onChange={(v) => v !== null && set(Math.round(v))}
            />
          </label>
        ))}
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
        {checkFields.map(([name, checked, set]) => (
          <label key={name} className="inline">
            <input type="checkbox" checked={checked} onChange={(e) => set(e.target.checked)} />
            {t(`lb.settings.${name}` as MessageKey)}
          </label>
        ))}
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
