/**
 * The columns of a CSV header found by name, any of several spellings (trimmed, case ignored):
 * `column` throws '<notLayout>: no column "<first name>" in the header' when none is there (the
 * run says the file is not its kind's layout); `optional` answers undefined.
 */
export function headerColumns(header: string[], notLayout: string) {
  const index = new Map(header.map((name, i) => [name.trim().toLowerCase(), i]));
  const find = (names: string[]): number | undefined => {
    for (const name of names) {
      const i = index.get(name.toLowerCase());
      if (i !== undefined) return i;
    }
    return undefined;
  };
  return {
    column(...names: string[]): number {
      const i = find(names);
      if (i === undefined) throw new Error(`${notLayout}: no column "${names[0]}" in the header`);
      return i;
    },
    optional: (...names: string[]): number | undefined => find(names),
  };
}
