/**
 * How assembled argument objects are spaced: `compact` as JSON is usually sent
 * (`{"a":1,"b":2}`), `python` as Python's `json.dumps` writes it (`{"a": 1, "b": 2}`),
 * which is what models with Python-style calls (`f(a=1, b=2)`) are compared against.
 */
export type ArgumentSpacing = 'compact' | 'python';

/**
 * The JSON text that introduces one argument of an object being assembled piece by piece:
 * the separator from the previous argument (none for the first), the quoted key and the
 * colon. The value is appended after it.
 *
 * @example argumentKey('city', false, 'python') // ', "city": '
 */
export function argumentKey(name: string, first: boolean, spacing: ArgumentSpacing): string {
  const key = JSON.stringify(name);
  if (spacing === 'python') return `${first ? '' : ', '}${key}: `;
  return `${first ? '' : ','}${key}:`;
}
