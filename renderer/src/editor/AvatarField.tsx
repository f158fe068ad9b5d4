/** The card's image: shown beside the form, replaceable (the document is untouched; export embeds it anew). */
import type { CardRecord } from '../../../shared/library/types.ts';
import { useApi } from '../app/ApiContext.ts';
import { FileButton } from '../app/FileButton.tsx';
import { useT } from '../i18n/index.ts';
import { Avatar } from '../library/Avatar.tsx';

interface Props {
  record: CardRecord;
  onReplaced(record: CardRecord): void;
  onError(e: unknown): void;
}

export function AvatarField({ record, onReplaced, onError }: Props) {
  const api = useApi();
  const t = useT();
  const replace = async (file: File | undefined): Promise<void> => {
    if (!file) return;
    const bytes = new Uint8Array(await file.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    try {
      onReplaced(await api.invoke('cards.setImage', { id: record.id, base64: btoa(binary) }));
    } catch (e) {
      onError(e);
    }
  };
  return (
    <div className="avatar-field">
      <Avatar id={record.id} revision={record.revision} name={record.name} hasImage={record.hasImage} />
      {record.container !== 'charx' && (
        <FileButton label={t('editor.replaceImage')} accept="image/png" onFiles={(files) => void replace(files[0])} />
      )}
    </div>
  );
}
