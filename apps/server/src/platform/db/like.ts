/** Text matched literally inside a LIKE pattern: its wildcards `%` `_` and the escape character `\` escaped. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
