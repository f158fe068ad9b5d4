/** A select inside its label, its options given as [value, text] pairs (export and batch-convert choices). */
export type Choices<V extends string> = readonly (readonly [V, string])[];

/** The card file formats Lorewright writes, with their names as shown (the same in every language). */
export const CARD_FORMATS: Choices<'png' | 'json' | 'yaml' | 'charx'> = [
  ['png', 'PNG'],
  ['json', 'JSON'],
  ['yaml', 'YAML'],
  ['charx', 'CharX'],
];

/** The card specs a card can be written as. */
export const CARD_SPECS: Choices<'v2' | 'v3'> = [
  ['v2', 'V2'],
  ['v3', 'V3'],
];

interface Props<V extends string> {
  label: string;
  value: V;
  choices: Choices<NoInfer<V>>;
  onChange(value: NoInfer<V>): void;
}

export function LabeledSelect<V extends string>({ label, value, choices, onChange }: Props<V>) {
  return (
    <label>
      {label}{' '}
      <select value={value} onChange={(e) => onChange(e.target.value as V)}>
        {choices.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}
