/**
 * Keeps a worker's copy of the open book in step with the page, for the preview's scan worker and the lint worker
 * alike. The page (`BookSync`) numbers each new text, and sends a worker only what it lacks: nothing while it holds
 * the current version, the entries changed since the version it holds when the page knows them (book-edit.ts), else
 * the whole text. The worker (`BookHolder`) applies what it is sent, and says when a patch starts from a version it
 * does not hold (it failed to read an earlier text): the page then sends the whole text.
 */
import type { BookEdit } from './book-edit.ts';

/** The whole book, as its JSON text: a string copies cheaply, while cloning a large book's objects would block. */
export interface BookText {
  version: number;
  name: string;
  text: string;
}

/**
 * An edit of the book the worker holds (`base`): only the changed entries, each as its JSON text (null: removed).
 * The rest of the document is unchanged; the worker parses and compiles only these entries.
 */
export interface BookPatch {
  version: number;
  name: string;
  base: number;
  entries: Record<string, string | null>;
}

export type BookMessage = BookText | BookPatch;

/** The page's side: the current book and what the worker holds once it has read every message sent. */
export class BookSync {
  #name: string | null = null;
  #text: string | null = null;
  #version = 0;
  /** The entries changed from the version the worker holds to the current text (null: not known). */
  #edits: Record<string, string | null> | null = null;
  /** The version the worker holds once it has read what was sent (-1: none). */
  #held = -1;
  /** The version of the last whole text sent: a worker's refusal of an earlier message is answered by it. */
  #wholeSent = -1;

  /** The version of the current text (what a request asks the worker to use). */
  get version(): number {
    return this.#version;
  }

  /** The book is now `text`; `edit`, when set, says which entries changed from the text it starts from. */
  update(name: string, text: string, edit: BookEdit | null): void {
    if (text === this.#text && name === this.#name) return;
    const follows = edit !== null && name === this.#name && edit.from === this.#text && this.#edits !== null;
    this.#edits = follows ? { ...this.#edits, ...edit.entries } : null;
    this.#name = name;
    this.#text = text;
    this.#version++;
  }

  /** What a request must carry for the worker to hold the current version, if anything; counted as sent. */
  next(): BookMessage | undefined {
    const version = this.#version;
    const name = this.#name;
    const text = this.#text;
    if (this.#held === version || name === null || text === null) return undefined;
    const message: BookMessage =
      this.#edits !== null && this.#held >= 0
        ? { version, name, base: this.#held, entries: this.#edits }
        : { version, name, text };
    if ('text' in message) this.#wholeSent = version;
    this.#held = version;
    this.#edits = {};
    return message;
  }

  /** The worker does not hold `version`, which a request asked for: the next message is the whole text. */
  rejected(version: number): void {
    // A refusal of a message sent before the last whole text changes nothing: that text already answers it.
    if (version < this.#wholeSent) return;
    this.reset();
  }

  /** The worker holds nothing (a new worker): the next message is the whole text. */
  reset(): void {
    this.#held = -1;
    this.#edits = null;
    this.#wholeSent = -1;
  }
}

/** The worker's side: the book it holds, as `Book` (what the worker made of the text). */
export class BookHolder<Book> {
  #held: { version: number; name: string; book: Book } | null = null;
  readonly #read: (text: string, name: string, before: Book | null) => Book;
  readonly #patch: (before: Book, entries: BookPatch['entries'], name: string) => Book;

  /**
   * `read` makes a book of its text (`before`: the book held under the same name, whose unchanged parts it may
   * reuse); `patch` applies changed entries to the held book. Either may throw: nothing is held then.
   */
  constructor(
    read: (text: string, name: string, before: Book | null) => Book,
    patch: (before: Book, entries: BookPatch['entries'], name: string) => Book,
  ) {
    this.#read = read;
    this.#patch = patch;
  }

  /** Takes a message; false, holding what it held, when it patches a version not held (the page must resend). */
  receive(message: BookMessage): boolean {
    const held = this.#held;
    const same = held?.name === message.name ? held : null;
    if ('base' in message && same?.version !== message.base) return false;
    this.#held = null;
    const book =
      'text' in message
        ? this.#read(message.text, message.name, same?.book ?? null)
        : this.#patch(same!.book, message.entries, message.name);
    this.#held = { version: message.version, name: message.name, book };
    return true;
  }

  /** The book at `version`, if held. */
  at(version: number): { name: string; book: Book } | null {
    return this.#held?.version === version ? this.#held : null;
  }
}
