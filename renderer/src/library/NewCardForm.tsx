/** "New card": the name of the new character, then Create (the page opens the card) or Cancel. */
import { useState } from 'react';
import { useT } from '../i18n/index.ts';

export function NewCardForm({ onCreate, onCancel }: { onCreate(name: string): void; onCancel(): void }) {
  const t = useT();
  const [name, setName] = useState('');
  return (
    <form
      className="create"
      onSubmit={(e) => {
        e.preventDefault();
        if (name.trim()) onCreate(name.trim());
      }}
    >
      <input
        aria-label={t('library.newName')}
        placeholder={t('library.newName')}
        value={name}
        autoFocus
        onChange={(e) => setName(e.target.value)}
      />
      <button type="submit" className="primary">
        {t('library.create')}
      </button>
      <button type="button" onClick={onCancel}>
        {t('library.cancel')}
      </button>
    </form>
  );
}
