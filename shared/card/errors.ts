/** A read or write failure that names what went wrong and where (byte offset, chunk, zip entry or JSON pointer). */

export type CardErrorCode =
  | 'empty_file'
  | 'unknown_format'
  | 'too_large'
  | 'too_deep'
  | 'too_many_values'
  | 'self_reference'
  | 'png_signature'
  | 'png_truncated'
  | 'png_chunk_length'
  | 'png_no_card'
  | 'png_bad_card_text'
  | 'not_utf8'
  | 'json_syntax'
  | 'yaml_syntax'
  | 'not_a_card'
  | 'zip_corrupt'
  | 'zip_no_card_json'
  | 'zip_too_large'
  | 'zip_too_many_entries'
  | 'zip_path_traversal'
  | 'zip_size_mismatch'
  | 'zip_unsupported'
  | 'exif_no_card'
  | 'write_unsupported';

export class CardError extends Error {
  readonly code: CardErrorCode;
  /** Where: e.g. "byte 33", "chunk tEXt 'chara' at byte 1024", "zip entry card.json", "/data/name". */
  readonly at: string | undefined;

  constructor(code: CardErrorCode, message: string, at?: string) {
    super(at ? `${message} (at ${at})` : message);
    this.name = 'CardError';
    this.code = code;
    this.at = at;
  }
}

/** A non-fatal oddity met while reading or converting, with where it was found. */
export interface CardWarning {
  /** JSON pointer into the document, or a container location such as "png:chunk 3". */
  pointer: string;
  message: string;
}
