/** Reads dropped or picked files for `cards.import` and `convert.files`: text as is, binaries base64-encoded. */
const TEXT = /\.(json|ya?ml|txt)$/i;
const CARD_FILE = /\.(png|apng|json|ya?ml|charx|webp|jpe?g)$/i;

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** `nameOf` names each file in the request (a picked folder's files by their path inside it). */
export async function readForImport(
  files: readonly File[],
  nameOf: (file: File) => string = (f) => f.name,
): Promise<{ name: string; text: string; encoding: 'utf8' | 'base64' }[]> {
  return Promise.all(
    files.map(async (f) =>
      TEXT.test(f.name)
        ? { name: nameOf(f), text: await f.text(), encoding: 'utf8' as const }
        : { name: nameOf(f), text: base64(new Uint8Array(await f.arrayBuffer())), encoding: 'base64' as const },
    ),
  );
}

/**
 * The files of a drop, folders included (walked recursively through the File System entries API; a plain
 * `dataTransfer.files` lists a dropped folder as one empty file).
 */
export async function droppedFiles(transfer: DataTransfer): Promise<File[]> {
  const entries = [...transfer.items]
    .map((item) => item.webkitGetAsEntry?.())
    .filter((e): e is FileSystemEntry => e !== null && e !== undefined);
  if (entries.length === 0) return [...transfer.files];
  const out: File[] = [];
  const walk = async (entry: FileSystemEntry, inFolder: boolean): Promise<void> => {
    if (entry.isFile) {
      // Inside a dropped folder only card files count; a file dropped by itself is always tried.
      if (inFolder && !CARD_FILE.test(entry.name)) return;
      out.push(await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject)));
      return;
    }
    const reader = (entry as FileSystemDirectoryEntry).createReader();
    // readEntries returns a batch at a time; an empty batch means the folder is done.
    for (;;) {
      const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
      if (batch.length === 0) break;
      for (const child of batch) await walk(child, true);
    }
  };
  for (const entry of entries) await walk(entry, false);
  return out;
}

/** Requests stay well under the web host's body limit and the browser never holds a whole folder in memory. */
const BATCH_BYTES = 32 * 1024 * 1024;

export function importBatches(files: readonly File[]): File[][] {
  const batches: File[][] = [];
  let current: File[] = [];
  let size = 0;
  for (const file of files) {
    if (current.length > 0 && size + file.size > BATCH_BYTES) {
      batches.push(current);
      current = [];
      size = 0;
    }
    current.push(file);
    size += file.size;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}
