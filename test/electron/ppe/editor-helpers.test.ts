// The Scripts editor's pure helpers (renderer/src/scripts/): completion at a cursor and the Run panel's inputs form.
import { describe, expect, it } from 'vitest';
import { completionsAt } from '../../../renderer/src/scripts/completions.ts';
import { inputFields, runInput } from '../../../renderer/src/scripts/run-inputs.ts';
import { fixture } from '../../shared/ppe/helpers.ts';

const labels = (text: string, line: number, column: number) =>
  completionsAt(text, line, column)?.items.map((i) => i.label);

describe('completionsAt', () => {
  const script = '---\nty\nparameters:\n  temp\n---\n$se\nuser: hi\n  - \n';

  it('offers top-level front-matter keys at column 1 of the front matter', () => {
    expect(labels(script, 2, 3)).toEqual(
      expect.arrayContaining(['type', 'input', 'output', 'parameters', 'prompt', 'templateFormat']),
    );
    expect(completionsAt(script, 2, 3)!.startColumn).toBe(1);
  });

  it('offers the keys of parameters under parameters:', () => {
    expect(labels(script, 4, 7)).toEqual(expect.arrayContaining(['temperature', 'max_tokens', 'response_format']));
    expect(completionsAt(script, 4, 7)!.startColumn).toBe(3);
  });

  it('offers directives, replacing the typed $, in the body', () => {
    const found = completionsAt(script, 6, 4)!;
    expect(found.startColumn).toBe(1);
    expect(found.items.map((i) => i.label)).toContain('$set');
    expect(found.items.find((i) => i.label === '$set')!.insertText).toBe('$set: ');
    expect(found.items.find((i) => i.label === '$AI')!.insertText).toBe('$AI');
    expect(found.items.every((i) => i.kind === 'directive')).toBe(true);
  });

  it('offers roles and directives at the start of a body line or list item', () => {
    expect(labels(script, 8, 5)).toEqual(expect.arrayContaining(['user', 'system', 'assistant', '$exec']));
    expect(labels('user: hi\n', 1, 1)).toContain('assistant');
  });

  it('offers nothing inside values or on the separators', () => {
    expect(completionsAt(script, 7, 8)).toBeNull();
    expect(completionsAt(script, 1, 4)).toBeNull();
    expect(completionsAt(script, 5, 4)).toBeNull();
  });
});

describe('Run panel inputs', () => {
  it('lists the declared inputs with required marks and defaults as placeholders', () => {
    expect(inputFields(fixture('case-21'))).toEqual([
      { name: 'content', required: true, placeholder: '' },
      { name: 'target', required: true, placeholder: 'Chinese' },
    ]);
    expect(inputFields('$echo: hi\n')).toEqual([]);
  });

  it('passes typed JSON as values, other text as text, and leaves empty fields to the defaults', () => {
    expect(runInput({ content: 'hello', n: '42', flags: '{"a": true}', target: '' })).toEqual({
      content: 'hello',
      n: 42,
      flags: { a: true },
    });
  });
});
