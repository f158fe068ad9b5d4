/** Exports many cards into one zip download (names made unique, the way a file manager would). */
import { zipSync } from 'fflate';
import type { ApiClient } from '../../../shared/api/contract.ts';
import { download } from '../editor/ExportDialog.tsx';

export type BulkExportFormat = 'same' | 'png' | 'json';

function unique(name: string, taken: Set<string>): string {
  if (!taken.has(name)) return name;
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let n = 2; ; n++) {
    const candidate = `${stem} (${n})${ext}`;
    if (!taken.has(candidate)) return candidate;
  }
}

export async function exportZip(
  api: ApiClient,
  ids: number[],
  format: BulkExportFormat,
  onProgress: (done: number) => void,
): Promise<number> {
  const files: Record<string, Uint8Array> = {};
  const taken = new Set<string>();
  for (const [i, id] of ids.entries()) {
    const out = await api.invoke('cards.export', format === 'same' ? { id } : { id, format });
    const name = unique(out.fileName, taken);
    taken.add(name);
    files[name] = Uint8Array.from(atob(out.base64), (c) => c.charCodeAt(0));
    onProgress(i + 1);
  }
  downloadZip(files, 'lorewright-cards.zip');
  return ids.length;
}

/** Offers the files as one zip download; PNGs are already compressed, so they are stored and only text is deflated. */
export function downloadZip(files: Record<string, Uint8Array>, fileName: string): void {
  const zip = zipSync(
    Object.fromEntries(
      Object.entries(files).map(([name, bytes]) => [name, [bytes, { level: /\.png$/i.test(name) ? 0 : 6 }]]),
    ),
  );
  let binary = '';
  for (let i = 0; i < zip.length; i += 0x8000) binary += String.fromCharCode(...zip.subarray(i, i + 0x8000));
  download({ fileName, mime: 'application/zip', base64: btoa(binary) });
}
