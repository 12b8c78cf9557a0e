import type { Parser, ParserLike } from '@autoparser/peg-core';
import type { ChatBuilder } from './chat-builder.js';
import { functionTools, toolParameters, type ChatTool } from './chat-tool.js';
import type { BuiltinRecoveryRuleId } from '@autoparser/types';

/** How a model writes JSON tool calls, for {@link standardJsonTools}. */
export interface JsonToolsLayout {
  /** Text before the calls (a section or per-call marker; may be empty). */
  readonly start: string;
  /** Text after the calls (may be empty). */
  readonly end: string;
  /** How `start` is read, when not literally (a lenient parser's recoveries). */
  readonly startParser?: ParserLike;
  /** How `end` is read, when not literally (a lenient parser's recoveries). */
  readonly endParser?: ParserLike;
  /** The tools that may be called. */
  readonly tools: readonly ChatTool[];
  /** Several calls, separated by commas. */
  readonly parallel: boolean;
  /** Calls are required (not optional). */
  readonly force: boolean;
  /** Key of the function name (`name`; `function.name` for nested objects). */
  readonly nameKey?: string;
  /** Key of the arguments (`arguments`; `function.arguments` for nested objects). */
  readonly argsKey?: string;
  /** The calls are inside a JSON array. */
  readonly arrayWrapped?: boolean;
  /** The function name is the object's key: `{"get_weather": {...}}`. */
  readonly functionIsKey?: boolean;
  /** Key of a call id the model copies (string). */
  readonly idKey?: string;
  /** Key of a call id the model generates (string or number). */
  readonly genIdKey?: string;
  /** Order of the keys in a flat call object. */
  readonly parameterOrder?: readonly string[];
  /**
   * Also read the usual deviations from a flat call object (see {@link JSON_RECOVERY_RULES}),
   * as parse-only recoveries: the grammar stays canonical. False or absent: canonical only.
   */
  readonly lenient?: boolean;
  /**
   * With `lenient`, more text that may stand between parallel calls besides `,`, `;` and
   * whitespace (a `json-call-separator` recovery): Llama 3.x repeats `<|python_tag|>`.
   */
  readonly callSeparators?: readonly string[];
  /**
   * The text the template writes between parallel calls (whitespace around it aside): the
   * canonical separator. Absent: `,`. Empty: the calls follow each other (`{…}{…}`,
   * `{…}\n{…}`); a lenient parse then reads a `,` as a `json-call-separator` recovery.
   */
  readonly callSeparator?: string;
}

/**
 * The recovery rules of {@link standardJsonTools} (the `rule` of their `recovered` warnings):
 * keys out of the template's order, an aliased arguments key, arguments encoded as a JSON
 * string, Python quoting of the call object, a ```json fence, an array where the template
 * writes one object (or the reverse), parallel calls separated by `;` or whitespace, an id the template writes left out or one it never
 * writes added, and the OpenAI `{"type": "function", "function": {…}}` wrapper.
 */
export const JSON_RECOVERY_RULES = {
  /** `arguments` before `name`, an id anywhere. */
  keyOrder: 'json-key-order',
  /** The name or the arguments under another of the usual keys (`JSON_CALL_KEYS`). */
  argumentsAlias: 'json-arguments-alias',
  /** Arguments as a JSON-encoded string. */
  stringArguments: 'json-string-arguments',
  /** Single quotes, `True`/`False`/`None` in the call object. */
  pythonLiterals: 'python-literals',
  /** A ```json fence around the calls. */
  fenced: 'fenced-json',
  /** An array of calls where one object per call is written, or the reverse. */
  callArray: 'json-call-array',
  /** `;`, whitespace or a layout's own separator between parallel calls. */
  callSeparator: 'json-call-separator',
  /** An id the template writes, left out. */
  missingId: 'missing-id',
  /** An id the template never writes, added. */
  extraId: 'json-extra-id',
  /** The OpenAI `{"type": "function", "function": {…}}` wrapper. */
  functionWrapper: 'json-function-wrapper',
} as const satisfies Record<string, BuiltinRecoveryRuleId>;

const R = JSON_RECOVERY_RULES;

/**
 * The keys models write a call object's members under, whatever the template says: one
 * table for every JSON call format (the template's own key is always tried first).
 */
export const JSON_CALL_KEYS = {
  /** The function name (a string naming a declared tool). */
  name: ['name', 'function', 'function_name', 'tool_name', 'tool'],
  /** The arguments (an object, or a JSON string encoding one). */
  arguments: ['arguments', 'parameters', 'args', 'input', 'tool_input', 'params'],
  /** The call id. */
  id: ['id', 'call_id', 'tool_call_id'],
} as const;

const ID_KEYS = JSON_CALL_KEYS.id;

const splitKey = (key: string): [string, string] => {
  const dot = key.indexOf('.');
  return dot < 0 ? ['', key] : [key.slice(0, dot), key.slice(dot + 1)];
};

/**
 * The standard parser for tool calls written as JSON objects: function name as key, nested
 * (`{"function": {"name", "arguments"}}`) or flat keys, optional id fields, optional array
 * wrapping and parallel calls. The section is the trigger rule `tool-call`, optional unless
 * `force`. With no tools it matches nothing.
 */
export function standardJsonTools(p: ChatBuilder, layout: JsonToolsLayout): Parser {
  const tools = functionTools(layout.tools);
  if (tools.length === 0) return p.eps();
  const nameKey = layout.nameKey === undefined || layout.nameKey === '' ? 'name' : layout.nameKey;
  const argsKey = layout.argsKey === undefined || layout.argsKey === '' ? 'arguments' : layout.argsKey;
  const quoted = (k: string): string => `"${k}"`;
  const key = (k: string): Parser => p.sequence(quoted(k), p.space(), ':', p.space());
  const stringOrNumberId = (): Parser =>
    p.choice(p.sequence('"', p.toolId(p.jsonStringContent()), '"'), p.toolId(p.jsonNumber()));
  const args = (name: string, tool: ChatTool): Parser => p.toolArgs(p.jsonSchema(`tool-${name}-schema`, toolParameters(tool)));

  const choices: Parser[] = [];
  for (const tool of tools) {
    const name = tool.function.name;
    let body: Parser;
    if (layout.functionIsKey) {
      const fields: Parser[] = [];
      if (layout.idKey) {
        const id = p.atomic(p.sequence(key(layout.idKey), '"', p.toolId(p.jsonStringContent()), '"'));
        fields.push(p.optional(p.sequence(id, p.space(), p.optional(p.sequence(',', p.space())))));
      }
      if (layout.genIdKey) {
        const id = p.atomic(p.sequence(key(layout.genIdKey), stringOrNumberId()));
        fields.push(p.optional(p.sequence(id, p.space(), p.optional(p.sequence(',', p.space())))));
      }
      const argsOnly = layout.argsKey === undefined || layout.argsKey === '';
      fields.push(argsOnly ? args(name, tool) : p.sequence(key(argsKey), args(name, tool)));
      const inner =
        argsOnly && fields.length === 1
          ? fields[0]!
          : p.sequence('{', p.space(), ...fields.flatMap((f, i) => (i > 0 ? [p.space(), f] : [f])), p.space(), '}');
      body = p.sequence(p.toolOpen('{'), p.space(), '"', p.toolName(p.literal(name)), '"', p.space(), ':', p.space(), inner, p.space(), p.toolClose('}'));
    } else {
      const [namePrefix, nameField] = splitKey(nameKey);
      const [argsPrefix, argsField] = splitKey(argsKey);
      const nameParser = (field: string): Parser =>
        p.sequence(key(field), p.atomic(p.sequence('"', p.toolName(p.literal(name)), '"')));
      if (namePrefix !== '' || argsPrefix !== '') {
        const nested = p.sequence('{', p.space(), nameParser(nameField), p.space(), ',', p.space(), key(argsField), args(name, tool), p.space(), '}');
        const parts: Parser[] = [p.toolOpen('{'), p.space()];
        for (const idKey of [layout.idKey, layout.genIdKey]) {
          if (!idKey || idKey.includes('.')) continue;
          const id =
            idKey === layout.idKey
              ? p.atomic(p.sequence(key(idKey), '"', p.toolId(p.jsonStringContent()), '"'))
              : p.atomic(p.sequence(key(idKey), stringOrNumberId()));
          parts.push(p.optional(p.sequence(id, p.space(), ',', p.space())));
        }
        parts.push(key(namePrefix !== '' ? namePrefix : argsPrefix), nested, p.space(), p.toolClose('}'));
        body = p.sequence(...parts);
      } else {
        const fields: [Parser, string][] = [
          [nameParser(nameKey), nameKey],
          [p.sequence(key(argsKey), args(name, tool)), argsKey],
        ];
        if (layout.idKey) fields.push([p.optional(p.atomic(p.sequence(key(layout.idKey), stringOrNumberId()))), layout.idKey]);
        if (layout.genIdKey) fields.push([p.optional(p.atomic(p.sequence(key(layout.genIdKey), stringOrNumberId()))), layout.genIdKey]);
        const order = layout.parameterOrder ?? [];
        const rank = (k: string): number => (order.includes(k) ? order.indexOf(k) : order.length);
        // A stable sort keeps the natural order for keys the template never showed.
        fields.sort((a, b) => rank(a[1]) - rank(b[1]));
        if (layout.lenient === true) {
          body = lenientCallObject(p, tool, { nameKey, argsKey, idKey: layout.idKey, genIdKey: layout.genIdKey, order: fields.map(([f, k]) => [f, k] as const) });
        } else {
          const joined = fields.flatMap(([f], i) => (i > 0 ? [p.space(), ',', p.space(), f] : [f]));
          body = p.sequence(p.toolOpen('{'), p.space(), ...joined, p.space(), p.toolClose('}'));
        }
      }
    }
    choices.push(p.sharedRule(`tool-${name}`, () => p.tool(body)));
  }
  const choice = p.choice(...choices);
  // Parallel calls are separated as the template writes them (a comma unless it showed
  // otherwise); models also use `,`, `;` (Llama 3.x) or just a newline.
  const own = layout.callSeparator === undefined ? ',' : layout.callSeparator.trim();
  const others = [',', ';', ...(layout.callSeparators ?? [])].filter((sep) => sep !== own);
  // An empty canonical separator goes last: a choice that matched nothing commits to it.
  const comma =
    layout.lenient === true
      ? own === ''
        ? p.choice(p.recover(R.callSeparator, p.choice(...others)), p.eps())
        : p.choice(own, p.recover(R.callSeparator, p.choice(...others, p.eps())))
      : own === ''
        ? p.eps()
        : p.literal(own);
  const list = layout.parallel ? p.sequence(choice, p.zeroOrMore(p.sequence(p.space(), comma, p.space(), choice))) : choice;
  let calls = layout.arrayWrapped ? p.sequence('[', p.space(), list, p.space(), ']') : list;
  if (layout.lenient === true) {
    // One object where the template writes an array, or an array where it writes objects.
    calls = p.choice(calls, p.recover(R.callArray, layout.arrayWrapped ? list : p.sequence('[', p.space(), list, p.space(), ']')));
    calls = p.choice(calls, p.recover(R.fenced, p.sequence('```', p.optional(p.choice('json', 'JSON')), p.space(), calls, p.space(), '```')));
  }
  // Templates may write a newline after the section's end marker (Command R+'s "```\n").
  const after = layout.end.trim() !== '' ? p.space() : p.eps();
  const section = p.sharedRule('tool-call', () => p.sequence(layout.startParser ?? layout.start, p.space(), calls, p.space(), layout.endParser ?? layout.end, after), true);
  return layout.force ? section : p.optional(section);
}

/** How the template writes a flat call object, for {@link lenientCallObject}. */
export interface FlatCallLayout {
  /** The template's name key. */
  readonly nameKey: string;
  /** The template's arguments key. */
  readonly argsKey: string;
  /** The id key the template writes, if any. */
  readonly idKey?: string | undefined;
  /** The generated-id key the template writes, if any. */
  readonly genIdKey?: string | undefined;
  /** The members in the template's order, each with its key (the name and arguments parsers are replaced). */
  readonly order: readonly (readonly [Parser, string])[];
  /**
   * The whole object is read by a recovery of its own (a JSON call where the format writes
   * another syntax): its deviations are part of that one, not recoveries of their own.
   */
  readonly quiet?: boolean | undefined;
}

/**
 * A flat call object, canonical first, then the recoveries: each deviating piece (a Python
 * quoted key or name, a key from `JSON_CALL_KEYS` other than the template's, string
 * encoded arguments, an id or type member the template does not write) is its own recovery
 * inside the object, and the name and arguments may come in either order (`json-key-order`),
 * with the OpenAI function wrapper around them. So the grammar, which
 * leaves recoveries out, keeps exactly the canonical object.
 */
export function lenientCallObject(p: ChatBuilder, tool: ChatTool, layout: FlatCallLayout): Parser {
  const { nameKey, argsKey, order: canonicalFields } = layout;
  const rec = (rule: BuiltinRecoveryRuleId, q: ParserLike): Parser => (layout.quiet === true ? (typeof q === 'string' ? p.literal(q) : q) : p.recover(rule, q));
  const name = tool.function.name;
  const sep = p.sequence(p.space(), ',', p.space());
  const quotedKey = (k: string): Parser => p.choice(`"${k}"`, rec(R.pythonLiterals, `'${k}'`));
  const key = (k: string): Parser => p.sequence(quotedKey(k), p.space(), ':', p.space());
  /** The template's key, else one of the usual others. */
  const keyOf = (own: string, usual: readonly string[]): Parser => {
    const others = usual.filter((k) => k !== own);
    return others.length === 0 ? key(own) : p.choice(key(own), rec(R.argumentsAlias, p.choice(...others.map(key))));
  };
  const quotedName = (q: string): Parser => p.atomic(p.sequence(q, p.toolName(p.literal(name)), q));
  const nameMember = p.sequence(keyOf(nameKey, JSON_CALL_KEYS.name), p.choice(quotedName('"'), rec(R.pythonLiterals, quotedName("'"))));
  const objectArgs = p.toolArgs(p.jsonSchema(`tool-${name}-schema`, toolParameters(tool)));
  // A string that encodes an object: the canonical reading takes any JSON value, so it must
  // not see a string first (it would map to empty arguments).
  const stringArgs = p.sequence(
    p.toolArgsString(p.sequence('"', p.peek(p.sequence(p.space(), '{')), p.jsonStringContent(), '"')),
    p.space(),
  );
  // Without the recovery the canonical reading is all there is (any JSON value, as strict reads it).
  const argsValue = !p.disables(R.stringArguments) ? p.choice(p.sequence(p.negate(p.choice('"', "'")), objectArgs), rec(R.stringArguments, stringArgs)) : objectArgs;
  const argsMember = p.sequence(keyOf(argsKey, JSON_CALL_KEYS.arguments), argsValue);
  const stringOrNumberId = p.choice(p.sequence('"', p.toolId(p.jsonStringContent()), '"'), p.toolId(p.jsonNumber()));
  const templateIds = [layout.idKey, layout.genIdKey].filter((k): k is string => k !== undefined && k !== '');
  const hasId = templateIds.length > 0;
  const idMember = (keys: readonly string[]): Parser => p.sequence(p.choice(...keys.map(key)), stringOrNumberId);
  const typeMember = p.sequence(key('type'), p.choice('"function"', "'function'"), p.space());
  // Members the template does not write: each a recovery of its own.
  const extraMembers = [rec(R.functionWrapper, typeMember)];
  if (!hasId) extraMembers.unshift(rec(R.extraId, idMember(ID_KEYS)));
  const extra = p.choice(...(hasId ? [idMember(templateIds), ...extraMembers] : extraMembers));
  const extrasBefore = p.zeroOrMore(p.sequence(extra, sep));
  const extrasAfter = p.zeroOrMore(p.sequence(sep, extra));
  const object = (...members: Parser[]): Parser => p.sequence(p.toolOpen('{'), p.space(), ...members, p.space(), p.toolClose('}'));

  // The canonical object, with the lenient pieces (canonical alternative first in each).
  const members = canonicalFields.map(([f, k]) => (k === nameKey ? nameMember : k === argsKey ? argsMember : f));
  const joined = (list: readonly Parser[]): Parser[] => list.flatMap((member, i) => (i > 0 ? [sep, member] : [member]));
  const extrasRequired = (before: Parser): Parser => p.sequence(p.oneOrMore(p.sequence(extra, sep)), before);
  const missingId = (...before: Parser[]): Parser => rec(R.missingId, p.sequence(...before, argsMember, p.zeroOrMore(p.sequence(sep, p.choice(...extraMembers)))));
  const nameAt = canonicalFields.findIndex(([, k]) => k === nameKey);
  const nameFirst = nameAt === 0;
  const alternatives: Parser[] = [];
  if (hasId && nameAt >= 0 && canonicalFields.findIndex(([, k]) => k === argsKey) > nameAt) {
    // Up to the name the object is canonical: the deviations after it (an id moved or left
    // out, a member added) are recoveries of what follows the name, so a stream that has
    // shown the call by its name keeps showing it whichever way the object goes on.
    // Each way on ends with the object's close: a choice that took the canonical rest would
    // not come back for the others when the close is missing after it.
    const closed = (rest: Parser): Parser => p.sequence(rest, p.space(), p.toolClose('}'));
    alternatives.push(
      p.sequence(
        p.toolOpen('{'),
        p.space(),
        ...joined(members.slice(0, nameAt + 1)),
        p.choice(
          closed(p.sequence(...members.slice(nameAt + 1).flatMap((member) => [sep, member]))),
          ...(nameFirst ? [closed(missingId(sep))] : []),
          closed(rec(R.keyOrder, p.sequence(sep, extrasBefore, argsMember, extrasAfter))),
        ),
      ),
    );
  } else alternatives.push(object(...joined(members)));
  // The arguments before the name, other members anywhere around them.
  alternatives.push(rec(R.keyOrder, object(extrasBefore, argsMember, sep, extrasBefore, nameMember, extrasAfter)));
  if (hasId) {
    alternatives.push(rec(R.keyOrder, object(extrasRequired(nameMember), sep, extrasBefore, argsMember, extrasAfter)));
    if (!nameFirst) alternatives.push(rec(R.keyOrder, object(nameMember, sep, extrasRequired(argsMember), extrasAfter)), object(missingId(nameMember, sep)));
  } else {
    // Every extra member is a recovery, so these shapes need one and the grammar drops them.
    alternatives.push(
      object(extrasRequired(nameMember), sep, extrasBefore, argsMember, extrasAfter),
      object(nameMember, sep, extrasRequired(argsMember), extrasAfter),
      object(nameMember, sep, argsMember, p.oneOrMore(p.sequence(sep, extra))),
    );
  }
  // `{"type": "function", "function": {"name": …, "arguments": …}}`, ids around it allowed.
  const inner = p.sequence(
    '{',
    p.space(),
    p.choice(p.sequence(nameMember, sep, argsMember), p.sequence(argsMember, sep, nameMember)),
    p.space(),
    '}',
    p.space(),
  );
  const wrapperExtra = p.choice(typeMember, idMember([...new Set([...templateIds, ...ID_KEYS])]));
  alternatives.push(
    rec(
      R.functionWrapper,
      object(p.zeroOrMore(p.sequence(wrapperExtra, sep)), key('function'), inner, p.zeroOrMore(p.sequence(sep, wrapperExtra))),
    ),
  );
  return p.choice(...alternatives);
}
