/** An error that says where it happened: an offset in a piece of text, or a line and column in a file. */
export class LocatedError<Where> extends Error {
  readonly where: Where;
  constructor(message: string, where: Where) {
    super(message);
    this.where = where;
  }
}
