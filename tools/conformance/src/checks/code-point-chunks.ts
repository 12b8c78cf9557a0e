/**
 * `text` cut into one chunk per code point, so that every prefix built from the chunks ends on a
 * character boundary (the reference cuts its UTF-8 input only there; in UTF-16 that means never
 * splitting a surrogate pair). A lone surrogate is a chunk of its own.
 */
export function codePointChunks(text: string): string[] {
  // String iteration walks code points, keeping each surrogate pair together.
  return Array.from(text);
}
