/** Export the open chat as a file: Lorewright JSON, GLM JSON/YAML or SillyTavern JSONL, naming what did not fit. */
import { useState } from 'react';
import type { ChatFormat } from '../../../shared/chat/formats/index.ts';
import type { Transcript } from '../../../shared/chat/types.ts';
import { useApi } from '../app/ApiContext.ts';
import { useT } from '../i18n/index.ts';

const EXTENSIONS: Record<ChatFormat, string> = {
  lorewright: 'chat.json',
  'glm-json': 'glm.json',
  'glm-yaml': 'glm.yaml',
  sillytavern: 'jsonl',
};

export function ExportButton({ transcript, onError }: { transcript: Transcript; onError(e: unknown): void }) {
  const api = useApi();
  const t = useT();
  const [format, setFormat] = useState<ChatFormat>('sillytavern');
  const [notice, setNotice] = useState<string | null>(null);
  const download = async () => {
    try {
      const { text, lost } = await api.invoke('chats.export', { transcript, format });
      const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `${transcript.character.name || 'chat'}.${EXTENSIONS[format]}`;
      a.click();
      URL.revokeObjectURL(url);
      setNotice(
        lost.length
          ? t('chats.exportLost', { items: lost.map((l) => l.path).join(', ') })
          : t('chats.exported', { format: t(`chats.format.${format}`) }),
      );
    } catch (e) {
      onError(e);
    }
  };
  return (
    <span className="chat-export">
      <select aria-label={t('chats.export')} value={format} onChange={(e) => setFormat(e.target.value as ChatFormat)}>
        {(Object.keys(EXTENSIONS) as ChatFormat[]).map((f) => (
          <option key={f} value={f}>
            {t(`chats.format.${f}`)}
          </option>
        ))}
      </select>
      <button onClick={() => void download()}>{t('chats.export')}</button>
      {notice && (
        <span className="muted" data-testid="export-notice">
          {notice}
        </span>
      )}
    </span>
  );
}
