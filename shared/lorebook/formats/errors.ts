// The one error the converters throw: the input is not a book of the expected shape, at a given JSON path.

export class BookFormatError extends Error {
  /** Where the input failed, e.g. `$.entries[3].keys`. */
  readonly path: string;

  constructor(path: string, message: string) {
    super(`${path}: ${message}`);
    this.name = 'BookFormatError';
    this.path = path;
  }
}
