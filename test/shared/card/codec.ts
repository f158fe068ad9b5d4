/** Test-side text codecs. utf8Decode keeps a BOM, so tests see exactly the bytes written. */
export { base64Decode, latin1Decode, utf8Encode } from '../../../shared/card/bytes.ts';

const keepBom = new TextDecoder('utf-8', { ignoreBOM: true });

export function utf8Decode(bytes: Uint8Array): string {
  return keepBom.decode(bytes);
}
