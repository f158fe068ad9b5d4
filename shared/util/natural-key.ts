/**
 * A sort key that orders names as people read them: case folded, and runs of digits by value, so "Gen 7" sorts
 * before "Gen 11" and "v2" before "v10". Each digit run becomes its length (three digits) then the digits, leading
 * zeros dropped, so plain string comparison of keys compares the numbers.
 */
export function naturalKey(name: string): string {
  return name
    .normalize('NFKC')
    .toLocaleLowerCase('en')
    .replace(/\d+/g, (run) => {
      const digits = run.replace(/^0+(?=\d)/, '');
      return `${String(digits.length).padStart(3, '0')}${digits}`;
    });
}
