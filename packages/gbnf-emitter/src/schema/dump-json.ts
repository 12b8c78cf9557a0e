import { isJsonArray, isJsonObject } from './schema-json.js';
import type { SchemaJson } from './schema-json.js';

/**
 * A non-integral number the way nlohmann::json prints doubles: shortest round-trip digits,
 * plain notation for decimal exponents in (-4, 15], otherwise `d.ddde±XX` with at least
 * two exponent digits.
 */
function formatDouble(value: number): string {
  const [mantissa = '0', exponent = '0'] = value.toExponential().split('e');
  const negative = mantissa.startsWith('-');
  const digits = mantissa.replace(/[-.]/g, '');
  // `point` is where the decimal point goes within `digits` (value = 0.digits × 10^point).
  const point = Number(exponent) + 1;
  let text: string;
  if (digits.length <= point && point <= 15) {
    text = `${digits}${'0'.repeat(point - digits.length)}.0`;
  } else if (point > 0 && point <= 15) {
    text = `${digits.slice(0, point)}.${digits.slice(point)}`;
  } else if (point > -4 && point <= 0) {
    text = `0.${'0'.repeat(-point)}${digits}`;
  } else {
    const e = point - 1;
    const body = digits.length === 1 ? digits : `${digits[0] ?? ''}.${digits.slice(1)}`;
    text = `${body}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
  }
  return negative ? `-${text}` : text;
}

/**
 * Compact JSON text of `node` matching the reference's `json::dump()`: no whitespace,
 * members in source order, non-ASCII characters unescaped. Integral numbers print as
 * integers (the source's `1.0` cannot be told apart from `1` once parsed).
 */
export function dumpJson(node: SchemaJson): string {
  if (node === null) return 'null';
  if (typeof node === 'boolean') return node ? 'true' : 'false';
  if (typeof node === 'string') return JSON.stringify(node);
  if (typeof node === 'number') {
    return Number.isInteger(node) && Math.abs(node) < 1e21 ? String(node) : formatDouble(node);
  }
  if (isJsonArray(node)) return `[${node.map(dumpJson).join(',')}]`;
  if (isJsonObject(node)) {
    return `{${[...node].map(([key, value]) => `${JSON.stringify(key)}:${dumpJson(value)}`).join(',')}}`;
  }
  return 'null';
}
