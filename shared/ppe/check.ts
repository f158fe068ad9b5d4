export function checkPpe(_text: string, _options: { scriptExists: (id: string) => boolean }): { code: string; severity: string; line: number }[] {
  return [];
}
