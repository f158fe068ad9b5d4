/**
 * Inputs that keep a local draft while the author types: a list edited one item per line, and numbers that may be
 * empty. The document only receives values that mean something, and a re-render from the document does not fight
 * the cursor (a trailing newline or a lone "-" survive until the value changes elsewhere).
 */
import { useEffect, useState } from 'react';

interface LinesProps {
  id: string;
  items: readonly string[];
  rows?: number;
  onChange(items: string[]): void;
}

function toLines(text: string): string[] {
  return text.split('\n').filter((line) => line.trim() !== '');
}

export function LinesInput({ id, items, rows = 3, onChange }: LinesProps) {
  const [draft, setDraft] = useState(items.join('\n'));
  useEffect(() => {
    setDraft((current) => (toLines(current).join('\n') === items.join('\n') ? current : items.join('\n')));
  }, [items]);
  return (
    <textarea
      id={id}
      rows={rows}
      value={draft}
      onChange={(e) => {
        setDraft(e.target.value);
        onChange(toLines(e.target.value));
      }}
    />
  );
}

interface NumberProps {
  id: string;
  value: unknown;
  /** Empty input means null (follow the global setting) instead of being refused. */
  nullable: boolean;
  onChange(value: number | null): void;
  label?: string;
}

export function NumberInput({ id, value, nullable, onChange, label }: NumberProps) {
  const shown = typeof value === 'number' ? String(value) : typeof value === 'boolean' ? (value ? '1' : '0') : '';
  const [draft, setDraft] = useState(shown);
  useEffect(() => {
    setDraft((current) =>
      Number(current) === Number(shown) && current.trim() !== '' && shown !== '' ? current : shown,
    );
  }, [shown]);
  return (
    <input
      id={id}
      aria-label={label}
      inputMode="decimal"
      value={draft}
      onChange={(e) => {
        const text = e.target.value;
        setDraft(text);
        if (text.trim() === '') {
          if (nullable) onChange(null);
          return;
        }
        const n = Number(text);
        if (Number.isFinite(n)) onChange(n);
      }}
    />
  );
}
