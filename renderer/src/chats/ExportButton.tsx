/** Export the open chat as a file: Lorewright JSON, GLM JSON/YAML or SillyTavern JSONL, naming what did not fit. */
import { useState } from 'react';
import { CHAT_FORMATS, exportChat, type ChatFormat } from '../../../shared/chat/formats/index.ts';
import type { Transcript } from '../../../shared/chat/types.ts';
import { useT } from '../i18n/index.ts';

const EXTENSIONS: Record<ChatFormat, string> = { lorewright: 'chat.json', 'glm-json': 'glm.json', 'glm-yaml': 'glm.yaml', sillytavern: 'jsonl' };

export function ExportButton({ transcript }: { transcript: Transcript }) {
  const t = useT();
  const [format, setFormat] = useState<ChatFormat>('sillytavern');
  const [notice, setNotice] = useState<string | null>(null);
  const download = () => {
    const { value, lost } = exportChat(transcript, format);
    const url = URL.createObjectURL(new Blob([value], { type: 'text/plain;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${transcript.character.name || 'chat'}.${EXTENSIONS[format]}`;
    a.click();
    URL.revokeObjectURL(url);
    setNotice(lost.length ? t('chats.exportLost', { items: lost.map((l) => l.path).join(', ') }) : t('chats.exported', { format }));
  };
  return (
    <span className="chat-export">
      <select value={format} onChange={(e) => setFormat(e.target.value as ChatFormat)}>
        {CHAT_FORMATS.map((f) => <option key={f} value={f}>{f}</option>)}
      </select>
      <button onClick={download}>{t('chats.export')}</button>
      {notice && <span className="muted">{notice}</span>}
    </span>
  );
}
