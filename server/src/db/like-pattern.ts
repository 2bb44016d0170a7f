/**
 * LIKE patterns from user text: the text's own %, _ and \ are matched literally (backslash is
 * PostgreSQL's default LIKE escape). Lower-cased, for comparison with lower(column).
 */
export function likeContains(text: string): string {
  return `%${escapeLike(text.toLowerCase())}%`;
}

export function likePrefix(text: string): string {
  return `${escapeLike(text.toLowerCase())}%`;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
