/** Tags as comma-separated text, committed on blur or Enter so a half-typed tag never lands in the document. */
import { useEffect, useState } from 'react';

interface Props {
  id: string;
  tags: string[];
  onChange(tags: string[]): void;
}

export function TagsField({ id, tags, onChange }: Props) {
  const joined = tags.join(', ');
  const [text, setText] = useState(joined);
  useEffect(() => setText(joined), [joined]);
  const commit = (): void => {
    const next = [
      ...new Set(
        text
          .split(',')
          .map((s) => s.trim())
          .filter((s) => s !== ''),
      ),
    ];
    if (next.join('\u0000') !== tags.join('\u0000')) onChange(next);
  };
  return (
    <input
      id={id}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          commit();
        }
      }}
    />
  );
}
