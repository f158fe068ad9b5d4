// Generated lorebooks for the e2e tests of large books.

/** A generated book: entry i has keys "name<i>" and "alias<i>", and mentions another entry's key. */
export function bigBook(count: number): string {
  const entries: Record<string, unknown> = {};
  for (let i = 0; i < count; i++) {
    entries[String(i)] = {
      uid: i,
      key: [`name${i}`, `alias${i}`],
      keysecondary: [],
      comment: `Entry number ${i}`,
      content: `Lore about name${i}. It mentions name${(i * 7 + 3) % count} in passing.`,
      constant: false,
      selective: true,
      selectiveLogic: 0,
      order: 100 + (i % 50),
      position: i % 2,
      disable: false,
      probability: 100,
      useProbability: true,
      depth: 4,
      group: '',
    };
  }
  return JSON.stringify({ entries }, null, 4);
}
