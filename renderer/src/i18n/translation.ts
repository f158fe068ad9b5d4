/** A locale's table for a section: any of the English table's keys, each a string (English fills the rest). */
export type Translation<English> = Partial<Record<keyof English, string>>;
