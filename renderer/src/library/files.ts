/** Reads dropped or picked files for `library.import`: text as is, binaries base64-encoded. */
const TEXT = /\.(json|ya?ml|txt)$/i;

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export async function readForImport(files: readonly File[]): Promise<{ name: string; text: string; encoding: 'utf8' | 'base64' }[]> {
  return Promise.all(
    files.map(async (f) => (TEXT.test(f.name) ? { name: f.name, text: await f.text(), encoding: 'utf8' as const } : { name: f.name, text: base64(new Uint8Array(await f.arrayBuffer())), encoding: 'base64' as const })),
  );
}
