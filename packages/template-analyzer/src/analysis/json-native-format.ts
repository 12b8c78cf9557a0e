import { trimLeadingWhitespace, trimWhitespace } from '@autoparser/diff-utils';
import { ARG_FIRST, FUN_FIRST } from './probe-data.js';
import { matchAnywhere, tagText } from './tagged-match.js';
import type { ToolsDraft } from './tools-draft.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isObject(value: Json): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Records which JSON field `key` (under `prefix`) is, by what its value holds. */
function registerField(tools: ToolsDraft, prefix: string, key: string, value: Json): void {
  const path = prefix === '' ? key : `${prefix}.${key}`;
  const format = tools.format;
  if (typeof value === 'string' && value.includes('call0000')) format.id_field = path;
  else if (typeof value === 'string' && value === FUN_FIRST) format.name_field = path;
  // Arguments may be an object or a JSON string holding one: look at the serialised value.
  else if (JSON.stringify(value).includes(ARG_FIRST)) format.args_field = path;
  // A field the caller did not give but whose name says id: an id the template generates.
  else if (key.includes('id')) format.gen_id_field = path;
}

/**
 * `text` with Python literals rewritten as JSON: `'…'` strings as `"…"`, `True`, `False`
 * and `None` as `true`, `false` and `null`. A template that writes the arguments object
 * as it is (`{{ tool_call.arguments }}`) renders Python's `str()` of a dict, not JSON.
 */
function pythonToJson(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text.charAt(i);
    if (ch === '"' || ch === "'") {
      let value = '';
      let j = i + 1;
      for (; j < text.length && text.charAt(j) !== ch; j++) {
        if (text.charAt(j) === '\\' && j + 1 < text.length) j++;
        value += text.charAt(j);
      }
      out += JSON.stringify(value);
      i = j;
      continue;
    }
    const word = /^(?:True|False|None)\b/u.exec(text.slice(i))?.[0];
    if (word !== undefined) {
      out += word === 'True' ? 'true' : word === 'False' ? 'false' : 'null';
      i += word.length - 1;
      continue;
    }
    out += ch;
  }
  return out;
}

/** The JSON call object, also when the template renders its arguments as a Python dict. */
function parseCall(cut: string): Json {
  try {
    return JSON.parse(cut) as Json;
  } catch (error) {
    try {
      return JSON.parse(pythonToJson(cut)) as Json;
    } catch {
      throw error;
    }
  }
}

/**
 * JSON-native calls: parses the call object out of the rendered section, maps its fields
 * by their values (name, arguments, id), notes whether calls sit in a JSON array, and
 * takes the text around the JSON as the section markers. Throws when the section holds
 * no parsable JSON object.
 */
export function analyzeJsonNativeFormat(section: string, tools: ToolsDraft): void {
  const format = tools.format;
  let jsonStart = section.indexOf('{');
  let jsonEnd = section.lastIndexOf('}');
  if (jsonStart < 0 || jsonEnd < jsonStart) throw new Error('the tool-call section holds no JSON object');
  const cut = section.slice(jsonStart, jsonEnd + 1);
  const call = parseCall(cut);
  if (isObject(call)) {
    for (const [key, value] of Object.entries(call)) {
      if (key === FUN_FIRST) {
        // {"name": {args}}: the key is the name, so there are no name or argument fields.
        format.fun_name_is_key = true;
        format.name_field = '';
        format.args_field = '';
        continue;
      }
      if (isObject(value) && !JSON.stringify(value).includes(ARG_FIRST)) {
        format.function_field = key;
        for (const [subKey, subValue] of Object.entries(value)) registerField(tools, key, subKey, subValue);
      }
      registerField(tools, '', key, value);
    }
  }

  const array = matchAnywhere(`t1-array-${JSON.stringify(cut)}`, section, (p) =>
    p.sequence(p.tag('pre', p.sequence('[', p.space())), cut, p.tag('post', p.sequence(p.space(), ']'))),
  );
  if (array.ok) {
    format.tools_array_wrapped = true;
    jsonStart -= tagText(array, 'pre').length;
    jsonEnd += tagText(array, 'post').length;
  }
  jsonEnd++;

  // Fields in the order the template writes them (fields it does not spell out go last).
  const located = [format.name_field, format.args_field, format.id_field, format.gen_id_field]
    .filter((field) => field !== '')
    .map((field) => ({ field, at: indexOrMax(section, field) }));
  located.sort((a, b) => a.at - b.at || (a.field < b.field ? -1 : a.field > b.field ? 1 : 0));
  format.parameter_order = located.map((l) => l.field);

  format.section_start = trimLeadingWhitespace(section.slice(0, jsonStart));
  format.section_end = trimWhitespace(section.slice(jsonEnd));
  // The array's own bracket is not a section marker.
  if (format.tools_array_wrapped && format.section_end === ']') format.section_end = '';
}

function indexOrMax(text: string, needle: string): number {
  const at = text.indexOf(needle);
  return at < 0 ? Number.MAX_SAFE_INTEGER : at;
}
