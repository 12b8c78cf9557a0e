import {
  ChatBuilder,
  eachAtMostOnce,
  rawStringValue,
  functionTools,
  isJsonObject,
  jsonCallArray,
  jsonCallObject,
  schemaValueKinds,
  standardJsonTools,
  toolParameterList,
  toolParameters,
  type ChatFormat,
} from '@autoparser/chat-mapper';
import { UNBOUNDED, type JsonValue, type Parser, type ParserLike } from '@autoparser/peg-core';
import type { PythonicCallsAnalysis, TemplateAnalysis } from '@autoparser/template-analyzer';
import type { GeneratorInputs } from './generator-inputs.js';
import { mayBeContainer, pythonLiteralOf } from './python-containers.js';
import { pythonLiterals } from './python-literals.js';
import { pythonicCallList, pythonicListStarts } from './pythonic-calls.js';
import type { RecoveryRuleId } from '@autoparser/types';

/** Everything the part builders share. */
interface Ctx {
  readonly p: ChatBuilder;
  readonly a: TemplateAnalysis;
  readonly inputs: GeneratorInputs;
  readonly extracting: boolean;
  readonly reasoning: Parser;
  readonly options: GeneralOptions;
}

/** What the general format needs to know of the template beyond its analysis. */
export interface GeneralOptions {
  /**
   * The template writes object and array arguments as Python literals (`{'k': 'v'}`), so
   * the grammar must accept them too (the parser always does).
   */
  readonly pythonContainers?: boolean;
}

const LLAMA_PYTHON_TAG = '<|python_tag|>';
const LLAMA_PYTHON_TAG_RULE = 'optional-call-marker';

/**
 * `optional-call-marker`: the call markers other formats write, and models trained on them
 * write around calls whose template writes none (an opener, and the closer it pairs with).
 */
const FOREIGN_CALL_MARKERS: readonly (readonly [open: string, close: string])[] = [
  [LLAMA_PYTHON_TAG, ''],
  ['<|python_start|>', '<|python_end|>'],
  ['<tool_call>', '</tool_call>'],
  ['<tool_calls>', '</tool_calls>'],
  ['<function_calls>', '</function_calls>'],
  ['[TOOL_CALLS]', ''],
];

/**
 * Where content stops for a foreign opener: right before a call's `{` or `[` (a marker that
 * opens no call, such as Llama's `<|python_tag|>brave_search.call(…)`, stays text).
 */
function foreignOpeners(p: ChatBuilder): string[] {
  if (!p.recovers(LLAMA_PYTHON_TAG_RULE)) return [];
  return FOREIGN_CALL_MARKERS.flatMap(([open]) => ['', ' ', '\n'].flatMap((space) => [`${open}${space}{`, `${open}${space}[`]));
}

/**
 * Calls wrapped, leniently, in a foreign call marker's opener and closer (see
 * {@link FOREIGN_CALL_MARKERS}). `required`: the calls as one or more (the opener is a
 * marker only where calls follow it; else it is text).
 */
function foreignlyMarked(p: ChatBuilder, calls: Parser, required: Parser = calls): Parser {
  if (!p.recovers(LLAMA_PYTHON_TAG_RULE)) return calls;
  const opens = p.choice(...FOREIGN_CALL_MARKERS.map(([open]) => p.literal(open)));
  const opener = p.recover(LLAMA_PYTHON_TAG_RULE, p.sequence(opens, p.space(), p.peek(p.choice('{', '['))));
  const closers = FOREIGN_CALL_MARKERS.map(([, close]) => close).filter((close) => close !== '');
  const closer = p.recover(LLAMA_PYTHON_TAG_RULE, p.sequence(p.space(), p.choice(...closers.map((close) => p.literal(close)))));
  // A stream shows the calls only once they read whole (peek): a list the output leaves
  // unfinished, or text breaks, is content, as the final read takes it.
  return p.choice(p.sequence(opener, p.peek(required), required, p.optional(closer)), calls);
}

const alwaysWrapped = (a: TemplateAnalysis): boolean => a.content.mode === 'ALWAYS_WRAPPED';

const core = (marker: string): string => marker.trim();
const present = (markers: readonly string[]): string[] => [...new Set(markers.filter((m) => m !== ''))];

/**
 * The content before the tool calls: up to the trigger marker, and when parsing leniently
 * also up to its core and to `more` (trimmed markers a call may start with), so a stream
 * never shows the text of a call written with other whitespace or without its opener.
 */
function contentBefore(ctx: Ctx, trigger: string, more: readonly string[] = []): Parser {
  if (trigger === '') return ctx.p.eps();
  return untilAny(ctx, trigger, [core(trigger), ...more]);
}

/**
 * Text up to `delimiter`, and when parsing leniently also up to the first of `more`
 * (trimmed), so a marker written differently is never read as text. The grammar keeps the
 * canonical `until` (a dual node), so it stays exactly the strict one.
 */
function untilAny(ctx: Ctx, delimiter: string, more: readonly string[]): Parser {
  const { p } = ctx;
  const stops = present([delimiter, ...more.map(core)]);
  // The other stops serve the markers' recoveries only: without them, text runs as strictly.
  const stopsMatter = p.recovers('marker-whitespace') || p.recovers('missing-call-opener');
  return !stopsMatter || stops.length === 1 ? p.until(delimiter) : p.dual(p.untilOneOf(stops), p.until(delimiter));
}

/**
 * `text-between-calls`: prose between two calls is content, then `call` (the model says what
 * it calls next). The text runs up to the next call's marker (`openers`, trimmed); the
 * recovery is the zero-width point where the call starts, so the call it leads to is a
 * recovered one (checked against its tool) while the text before it stays content.
 */
function textBetweenCalls(ctx: Ctx, openers: readonly string[], call: Parser): Parser {
  const { p } = ctx;
  // Off, nothing of the site is left: a cut read must not take the text for content either.
  if (!p.recovers('text-between-calls')) return p.negate(p.eps());
  const stops = present(openers.map(core));
  const at = p.choice(...stops.map((m) => p.literal(m)));
  return p.sequence(p.negate(at), p.content(p.untilOneOf(stops)), p.recover('text-between-calls', p.peek(at)), call);
}

/** The trigger marker of tool calls: the section start, else the per-call start. */
function toolTriggerMarker(a: TemplateAnalysis): string {
  return a.tools.format.section_start !== '' ? a.tools.format.section_start : a.tools.format.per_call_start;
}

/** The tool-call formats the general generator parses (others degrade to content). */
const PARSED_TOOL_FORMATS: ReadonlySet<string> = new Set(['JSON_NATIVE', 'TAG_WITH_JSON', 'TAG_WITH_TAGGED']);

/** Where a tool call may end an unclosed reasoning block: its marker and the rule reading the calls. */
interface CallInReasoning {
  readonly marker: string;
  /** The tools parser's outermost calls rule (`tool-calls` around per-call markers in a section or JSON list, else `tool-call`). */
  readonly rule: string;
}

/**
 * Where reasoning may give way to a tool call in a lenient parse: the tool trigger when the
 * request's parser reads calls behind one, else nothing.
 */
function callInReasoning(a: TemplateAnalysis, inputs: GeneratorInputs): CallInReasoning | undefined {
  const reads =
    inputs.lenient &&
    inputs.responseSchema === undefined &&
    functionTools(inputs.tools).length > 0 &&
    // Required calls get a full grammar, under which the model closes its reasoning; the
    // grammar stays the canonical one.
    inputs.toolChoice === 'auto' &&
    a.caps.supports_tool_calls &&
    PARSED_TOOL_FORMATS.has(a.tools.format.mode);
  const marker = reads ? toolTriggerMarker(a).trim() : '';
  if (marker === '') return undefined;
  const f = a.tools.format;
  const perCallInList = f.per_call_start !== '' && (f.mode === 'JSON_NATIVE' ? f.section_start === '' : f.section_start !== '');
  return { marker, rule: perCallInList ? 'tool-calls' : 'tool-call' };
}

/** Whether the generation prompt ends inside a reasoning block it opened (`<think>\n`: the model's answer starts as reasoning). */
function promptOpensReasoning(generationPrompt: string, start: string, end: string): boolean {
  if (start === '' || end === '') return false;
  const at = generationPrompt.lastIndexOf(start);
  return at >= 0 && !generationPrompt.includes(end, at + start.length);
}

/** Whether the generation prompt closes the reasoning block it opened (`<think></think>`: thinking disabled). */
function promptClosesReasoning(generationPrompt: string, start: string, end: string): boolean {
  if (start === '' || end === '') return false;
  const at = generationPrompt.lastIndexOf(start);
  return at >= 0 && generationPrompt.includes(end, at + start.length);
}

function reasoningParser(p: ChatBuilder, a: TemplateAnalysis, extracting: boolean, inputs: GeneratorInputs): Parser {
  const { mode, start, end } = a.reasoning;
  if (!extracting || (mode !== 'TAG_BASED' && mode !== 'TOOLS_ONLY') || end === '') return p.eps();
  const { generationPrompt, lenient } = inputs;
  const startTag = start.trim();
  const call = callInReasoning(a, inputs);
  // An empty start is delimiter-style reasoning: everything up to the end marker.
  // Text the generation prompt writes after the opening (Apriel's "Here are my reasoning
  // steps:") is read as the start of the reasoning, as the reference reads it.
  const open = start === '' ? p.eps() : p.optspace(start);
  // `reasoning-unclosed`: a block the output opens and never closes (cut short, or the model
  // forgot the end tag) is the reasoning a stream showed, not content. A block the prompt
  // opens is read so by the final read already (a `truncated` warning).
  const unclosed = lenient && startTag !== '' && !promptOpensReasoning(generationPrompt, startTag, end.trim()) ? 'recovered' : 'no';
  const opened = p.sequence(p.space(), open, p.sites.reasoningBlock(end, { start: startTag, spacedEnd: true, call, unclosed }));
  // A turn without reasoning may be written as the end marker alone (`</mm:think>answer`, the
  // template's own rendering of such a turn): an empty block, read as no reasoning.
  const block = p.optional(startTag === '' ? opened : p.choice(opened, p.sequence(p.space(), p.optspace(end))));
  if (!lenient || !promptClosesReasoning(generationPrompt, startTag, end.trim())) return block;
  // `reasoning-while-disabled`: the prompt wrote an empty block (thinking disabled) and the
  // model reasons anyway, in a block of its own at the start of its answer. Once the tag is
  // read a stream shows reasoning, so an output ending inside the block is reasoning too.
  const own = p.sequence(p.space(), startTag, p.sites.reasoningBlock(end, { start: startTag, spacedEnd: true, call, unclosed: 'silent' }));
  return p.sequence(block, p.optional(p.recover('reasoning-while-disabled', own)));
}

function contentParser({ p, a, extracting, reasoning }: Ctx): Parser {
  const { start, end } = a.content;
  if (alwaysWrapped(a)) {
    const wrapped = p.sequence(start, p.content(p.until(end)), end, p.end());
    if (extracting) return p.sequence(reasoning, wrapped);
    // A continued answer follows a prompt that already opened the wrapper, and ends at the
    // end-of-turn token the parser never sees.
    return p.sequence(p.content(p.until(start)), p.choice(wrapped, p.end()));
  }
  return p.sequence(reasoning, answerWrapped(p, a, extracting), p.end());
}

/** Answer wrappers that models trained on other formats write after their reasoning. */
const FOREIGN_ANSWER_WRAPPERS: readonly (readonly [open: string, close: string])[] = [
  ['<answer>', '</answer>'],
  ['<response>', '</response>'],
];

/**
 * The content of an answer after reasoning. Leniently (`answer-wrapper`), wrapped in the
 * markers the template writes only with reasoning (WRAPPED_WITH_REASONING) or another
 * format's: the markers are neither content nor text; the closer may be missing, and text
 * after it is content (so a stream shows what it reads in order).
 */
function answerWrapped(p: ChatBuilder, a: TemplateAnalysis, extracting: boolean): Parser {
  const plain = p.content(p.rest());
  if (!extracting || a.reasoning.mode === 'NONE' || !p.recovers('answer-wrapper')) return plain;
  const own: (readonly [string, string])[] = a.content.mode === 'WRAPPED_WITH_REASONING' && a.content.start.trim() !== '' && a.content.end.trim() !== '' ? [[a.content.start.trim(), a.content.end.trim()]] : [];
  const pairs = [...own, ...FOREIGN_ANSWER_WRAPPERS.filter(([open]) => !own.some(([o]) => o === open))];
  const wrapped = pairs.map(([open, close]) =>
    p.sequence(p.recover('answer-wrapper', p.sequence(p.space(), open, p.space())), p.content(p.until(close)), p.optional(p.recover('answer-wrapper', p.sequence(p.space(), close))), plain),
  );
  return p.choice(...wrapped, plain);
}

/**
 * The end of an answer that may hold tool calls. Lenient, `text-after-calls`: text after
 * the last call is content (strict, the parse fails and returns it all as content). Text
 * that starts another call is not taken, so a call cut short stays the truncated call a
 * stream showed; without a marker, JSON calls start with `{`.
 */
function callsEnd(ctx: Ctx): Parser {
  const { p, a, inputs } = ctx;
  if (!inputs.lenient) return p.end();
  const trigger = toolTriggerMarker(a).trim();
  // Text that starts with a call marker (the trigger, or a function prefix the content stops
  // at) is a call that failed, not text after calls: the strict reading decides what it is.
  const openers = present([trigger, a.tools.function.name_prefix.trim()]);
  const text =
    trigger !== ''
      ? p.sequence(p.negate(p.sequence(p.space(), p.choice(...openers))), p.content(p.until(trigger)))
      : a.tools.format.mode === 'JSON_NATIVE'
        ? p.sequence(p.negate(p.sequence(p.space(), '{')), p.content(p.rest()))
        : p.content(p.rest());
  return p.choice(p.end(), p.recover('text-after-calls', p.sequence(text, p.end())));
}

/**
 * The content before JSON calls that start at `toolStart`. Lenient, `prose-before-json-call`:
 * when calls have no marker (they start with `{`), prose that holds braces of its own is
 * content up to the first `{` that starts a call (canonically the first `{` must).
 */
function contentBeforeCalls(ctx: Ctx, toolStart: string, calls: Parser): Parser {
  const { p, inputs } = ctx;
  const canonical = p.optional(p.content(p.until(toolStart)));
  if (!inputs.lenient || toolStart !== '{') return canonical;
  // Optional calls may match nothing: a call starts at a `{` the calls read past. A call
  // still being written holds the text back.
  const callHere = p.sequence(calls, p.negate('{'));
  const braces = p.zeroOrMore(p.sequence(p.negate(callHere), '{', p.until('{')));
  // Prose comes first: an answer that opens with `{` is a call or nothing.
  const prose = p.sequence(p.negate(p.sequence(p.space(), '{')), p.content(p.sequence(p.until('{'), braces)));
  return p.choice(p.sequence(canonical, p.peek(p.sequence(calls, callsEnd(ctx)))), p.recover('prose-before-json-call', prose));
}

function jsonNativeTools(ctx: Ctx): Parser {
  const { p, a, inputs } = ctx;
  const f = a.tools.format;
  let nameKey = f.name_field;
  let argsKey = f.args_field;
  if (f.function_field !== '' && f.function_field !== 'function' && !nameKey.includes('.')) {
    nameKey = `${f.function_field}.${nameKey}`;
    argsKey = `${f.function_field}.${argsKey}`;
  }
  const layout = {
    tools: inputs.tools,
    parallel: inputs.parallelToolCalls,
    force: inputs.toolChoice === 'required',
    nameKey,
    argsKey,
    arrayWrapped: f.tools_array_wrapped,
    functionIsKey: f.fun_name_is_key,
    idKey: f.id_field,
    genIdKey: f.gen_id_field,
    parameterOrder: f.parameter_order,
    ...(f.call_separator === undefined ? {} : { callSeparator: f.call_separator }),
    lenient: inputs.lenient,
    // Marker-less calls (Llama 3.x): a model that opens them with `<|python_tag|>` repeats it
    // before each further call.
    ...(f.section_start === '' && f.per_call_start === '' ? { callSeparators: [LLAMA_PYTHON_TAG] } : {}),
  };
  const perCall = f.section_start === '' && f.per_call_start !== '';
  // One or more calls, all optional together: an optional call inside the repetition would
  // make its first round match nothing, which fails a complete parse of a plain answer.
  const perCallTools = (): Parser => {
    const start = f.per_call_start;
    const end = f.per_call_end;
    const lenientEnd = end === '' ? undefined : ctx.p.sites.closer(ctx.p.sites.marker(end), [start]);
    const one = standardJsonTools(p, { ...layout, force: true, start, end, startParser: ctx.p.sites.marker(start), endParser: lenientEnd });
    const canonical = p.sequence(one, p.space());
    // Leniently, calls may also be separated by a stray `;` or `,`.
    const separated = (): Parser => p.recover('call-separator', p.sequence(p.choice(';', ','), p.space(), one, p.space()));
    // The grammar keeps the canonical repetition (a dual node), so its text stays the strict one.
    const between = (): Parser => textBetweenCalls(ctx, [start], canonical);
    // Without parallel calls the grammar allows one (the parser still reads every call written).
    const grammarMany = (): Parser => (inputs.parallelToolCalls ? p.oneOrMore(canonical) : canonical);
    const lenientMany = (): Parser => p.dual(p.sequence(canonical, p.zeroOrMore(p.choice(canonical, separated(), between()))), grammarMany());
    const strictMany = (): Parser => (inputs.parallelToolCalls ? p.oneOrMore(canonical) : p.dual(p.oneOrMore(canonical), canonical));
    const many = p.triggerRule('tool-calls', ctx.inputs.lenient ? lenientMany() : strictMany());
    return layout.force ? many : p.optional(many);
  };
  const calls = perCall ? perCallTools() : standardJsonTools(p, { ...layout, start: f.section_start, end: f.section_end });
  const toolStart = f.section_start || f.per_call_start || '{';
  if (alwaysWrapped(a)) {
    const { start, end } = a.content;
    const wrapped = p.sequence(start, p.content(p.until(end)), end);
    // A generation prompt that already opened the wrapper (`…<|CHATBOT_TOKEN|>`, as a turn
    // after a tool result is opened) leaves the answer bare: text up to the calls or the
    // wrapper's end, read as content as the plain-content path reads a continued answer.
    const opened = start.trim() !== '' && inputs.generationPrompt.trimEnd().endsWith(start.trim());
    // Not when the answer opens the wrapper again: that is the wrapped reading's (a stream
    // would otherwise show the opener as text before the wrapped reading takes over).
    const bare = p.sequence(p.negate(p.sequence(p.space(), start.trim())), p.content(p.untilOneOf([end, toolStart])), p.optional(end));
    const content = opened ? p.choice(wrapped, bare) : wrapped;
    return p.sequence(ctx.reasoning, p.optional(content), calls, callsEnd(ctx));
  }
  if (toolStart === '{') {
    // Calls the template writes as one array open with its `[`: content stops there.
    const opener = f.tools_array_wrapped ? '[' : toolStart;
    const plain = p.sequence(ctx.reasoning, contentBeforeCalls(ctx, opener, calls), calls, callsEnd(ctx));
    // Without a marker a call starts at its object; a lenient parse also looks for the
    // recovered openings (a ```json fence, an array of calls), which content must not swallow.
    // Only when calls are optional: there is no trigger, so no grammar the content could change.
    if (!inputs.lenient || layout.force || !(['optional-call-marker', 'fenced-json', 'json-call-array', 'prose-before-json-call'] as const).some((rule) => p.recovers(rule))) return plain;
    // Llama 3.x may open its calls with `<|python_tag|>`, as for its built-in tools (whose
    // Python calls have no `{` after the tag, so they stay content).
    const tagged = foreignlyMarked(p, calls, standardJsonTools(p, { ...layout, force: true, start: f.section_start, end: f.section_end }));
    const starts = ['{', '```json', '[{', ...foreignOpeners(p)];
    // Prose with braces of its own is read by the plain path's `prose-before-json-call` — but
    // not when the first object names a tool: that call was read (and streamed) as one, so
    // when it breaks the parse stops there instead of re-reading it as prose.
    const names = functionTools(inputs.tools).map((tool) => `${tool.function.name}"`);
    const named = p.sequence(p.until('{'), '{', p.space(), `"${nameKey}"`, p.space(), ':', p.space(), '"', p.choice(...names));
    const prose = nameKey.includes('.') || names.length === 0 ? plain : p.sequence(p.negate(named), plain);
    return p.choice(p.sequence(ctx.reasoning, p.optional(p.content(p.untilOneOf(starts))), tagged, callsEnd(ctx)), prose);
  }
  const answer = p.sequence(p.optional(p.content(contentBefore(ctx, toolStart))), calls, callsEnd(ctx));
  const body = p.sequence(ctx.reasoning, inputs.lenient ? p.choice(callsWithoutMarker(ctx), answer) : answer);
  return ctx.inputs.lenient && core(toolStart) !== toolStart ? p.choice(body, canonicalReading(ctx, toolStart, calls)) : body;
}

/**
 * Lenient, `json-call-without-marker`: the whole answer is a JSON call object (or an array of
 * them) where the template writes a marker before its calls (`<tool_call>`, `[TOOL_CALLS]`).
 * Tried first, as the canonical reading takes any text as content; it must run to the end
 * of the output, so a stream shows none of it until the output ends (atomic), and each call
 * must name a declared tool and fit its schema (the recovery holds its name).
 */
function callsWithoutMarker(ctx: Ctx): Parser {
  const { p, inputs } = ctx;
  const opens = p.peek(p.sequence(p.space(), p.choice('{', p.sequence('[', p.space(), '{')), p.space(), '"'));
  const calls = p.choice(jsonCallObject(p, inputs.tools), jsonCallArray(p, inputs.tools, inputs.parallelToolCalls));
  return p.sequence(opens, p.atomic(p.recover('json-call-without-marker', p.sequence(p.space(), calls, p.space(), p.end()))));
}

/** The call id between the function name and its arguments, when the template has one. */
function callIdSection(ctx: Ctx): Parser | undefined {
  const { p, a } = ctx;
  const { pos, prefix, suffix } = a.tools.call_id;
  const argsStart = a.tools.arguments.start;
  if (pos !== 'BETWEEN_FUNC_AND_ARGS' || prefix === '' || (suffix === '' && argsStart === '')) return undefined;
  if (suffix === '') return p.optional(p.sequence(ctx.p.sites.marker(prefix), p.toolId(p.until(argsStart))));
  const section = p.sequence(p.optional(p.sequence(ctx.p.sites.marker(prefix), p.toolId(p.until(suffix)))), ctx.p.sites.marker(suffix));
  // Leniently the marker before the arguments may be missing when they follow the name at
  // once: Mistral's `[TOOL_CALLS]f{…}`, as servers that drop special tokens show it.
  return p.orRecovered(section, 'missing-arguments-marker', p.peek('{'));
}

function functionParser(ctx: Ctx, name: string, args: Parser, peekArgs: Parser | undefined): Parser {
  const { p, a } = ctx;
  const fn = a.tools.function;
  const idSection = callIdSection(ctx);
  const id = idSection ?? p.eps();
  const open = p.toolOpen(p.sequence(ctx.p.sites.marker(fn.name_prefix), p.toolName(p.literal(name)), ctx.p.sites.marker(fn.name_suffix)));
  // Commit to this function as soon as its header is unambiguous, so a partial parse shows
  // the call (and a wrong guess cannot leak half a header into another alternative).
  let body: Parser;
  let committed = true;
  if (fn.name_suffix !== '') body = p.sequence(open, id, p.space(), args);
  else if (idSection !== undefined) body = p.sequence(p.atomic(p.sequence(open, id)), p.space(), args);
  else if (peekArgs !== undefined) body = p.sequence(p.atomic(p.sequence(open, id, p.space(), peekArgs)), args);
  else {
    body = p.sequence(open, id, p.space(), args);
    committed = false;
  }
  const f = a.tools.format;
  const perCallEnd = f.per_call_end;
  // What may follow a call whose closer is missing: the end of its wrapper, the next call.
  const afterCall = [perCallEnd, f.section_end, f.per_call_start, fn.name_prefix];
  if (fn.close !== '') body = p.sequence(body, p.space(), p.toolClose(ctx.p.sites.closer(ctx.p.sites.marker(fn.close), afterCall)));
  // Without a close marker, only a visible per-call end closes the call: "</" alone could
  // still become an argument tag. Leniently, the end may come after whitespace or not at
  // all (the wrapper reports either).
  else if (perCallEnd !== '') {
    const ahead = ctx.inputs.lenient
      ? p.choice(perCallEnd, p.sequence(p.space(), p.choice(...present(afterCall.map(core)).map((m) => p.literal(m)), p.end())))
      : p.literal(perCallEnd);
    body = p.sequence(body, p.toolClose(p.peek(ahead)));
  } else body = p.sequence(body, p.toolClose(p.space()));
  return committed ? body : p.atomic(body);
}

function wrapCalls(ctx: Ctx, choice: Parser, tagged: boolean): Parser {
  const { p, a, inputs } = ctx;
  const f = a.tools.format;
  const namePrefix = a.tools.function.name_prefix;
  const parallel = inputs.parallelToolCalls;
  const lenient = inputs.lenient;
  // A call written without its opener is still unambiguous when its function tag has a prefix.
  const openerless = lenient && tagged && core(namePrefix) !== '';
  const withoutOpener = (rest: Parser): Parser => p.recover('missing-call-opener', p.sequence(p.peek(core(namePrefix)), rest));
  // The next call: after whitespace as the template writes it, or after a stray `;` / `,`.
  const following = (call: Parser, canonicalSep: ParserLike, between = false): Parser => {
    const next = p.sequence(canonicalSep, call);
    if (!lenient) return next;
    const separated = p.recover('call-separator', p.sequence(p.space(), p.choice(';', ','), p.space(), call));
    // Per-call wrappers only: prose between calls of one section is no format anyone writes.
    if (!between) return p.choice(next, separated);
    const openers = [f.per_call_start, ...(openerless ? [namePrefix] : [])];
    return p.choice(next, separated, p.sequence(p.space(), textBetweenCalls(ctx, openers, call)));
  };
  let calls: Parser;
  if (f.per_call_start !== '') {
    const callEnd: ParserLike = f.per_call_end === '' ? '' : ctx.p.sites.closer(ctx.p.sites.marker(f.per_call_end), [f.per_call_start, f.section_end, namePrefix]);
    // Leniently, the call tag or marker may hold JSON call objects instead, as the JSON formats
    // write them: Qwen3-Coder and Qwen3.5 also write Qwen3's `{"name": …, "arguments": …}`,
    // Mistral Small 3.2 the older Mistral templates' `[TOOL_CALLS][{…}, …]`.
    const inTag = lenient
      ? p.choice(choice, p.recover('json-call-in-tags', p.sequence(p.space(), p.choice(jsonCallObject(p, inputs.tools), jsonCallArray(p, inputs.tools, parallel)))))
      : choice;
    let wrapped = tagged
      ? p.sequence(ctx.p.sites.marker(f.per_call_start), p.space(), inTag, p.space(), callEnd)
      : p.sequence(ctx.p.sites.marker(f.per_call_start), inTag, callEnd);
    if (openerless) wrapped = p.choice(wrapped, withoutOpener(p.sequence(choice, p.space(), callEnd)));
    const tail = tagged ? [p.space()] : [];
    calls = p.triggerRule(
      'tool-call',
      parallel ? p.sequence(wrapped, p.zeroOrMore(following(wrapped, p.space(), f.section_start === '')), ...tail) : p.sequence(wrapped, ...tail),
    );
    if (f.section_start !== '') {
      const sectionEnd = (): ParserLike => ctx.p.sites.closer(ctx.p.sites.marker(f.section_end), []);
      const close = f.section_end === '' ? p.end() : tagged ? p.sequence(sectionEnd(), p.space()) : p.sequence(sectionEnd());
      calls = p.triggerRule('tool-calls', p.sequence(ctx.p.sites.marker(f.section_start), p.space(), calls, p.space(), close));
    }
  } else {
    const sp = tagged ? [p.space()] : [];
    // Tagged calls end with their own close tag, so only whitespace separates them
    // (MiniMax's `</invoke>\n<invoke …>`); JSON calls are listed with ", ".
    const many = parallel ? [p.zeroOrMore(following(choice, tagged ? p.space() : ', '))] : [];
    const sectionEnd = f.section_end === '' ? '' : ctx.p.sites.closer(ctx.p.sites.marker(f.section_end), []);
    // As with per-call markers, tagged sections may be followed by a newline before the turn ends.
    const section = p.sequence(ctx.p.sites.marker(f.section_start), ...sp, choice, ...many, ...sp, sectionEnd, ...sp);
    const body = openerless && f.section_start !== '' ? p.choice(section, withoutOpener(p.sequence(choice, ...many, ...sp, sectionEnd, ...sp))) : section;
    calls = p.triggerRule('tool-call', body);
  }
  if (inputs.toolChoice !== 'required') calls = p.optional(calls);
  const trigger = toolTriggerMarker(a);
  // Without a section or per-call marker a call starts at its function's prefix
  // (`<function=`): the content runs up to it (else no text before or instead of calls reads).
  const before = trigger === '' && namePrefix !== '' ? contentBefore(ctx, namePrefix) : contentBefore(ctx, trigger, openerless ? [namePrefix] : []);
  const body = p.sequence(ctx.reasoning, p.optional(p.content(before)), calls, callsEnd(ctx));
  // Without a stop beyond the trigger itself, both readings are the same.
  if (!(lenient && trigger !== '' && (core(trigger) !== trigger || openerless))) return body;
  // Once the lenient reading has read a whole call (after the openers the calls read, each
  // at most once), a stream has shown it (a recovered call shows once complete): the strict
  // reading, which would make all of it text, no longer applies; a later break is the
  // unparsed path's, which keeps the call as read.
  const openers = present([core(f.section_start), core(f.per_call_start)]).map((m) => p.optional(p.sequence(p.space(), m)));
  const namedCall = p.sequence(ctx.reasoning, p.optional(p.content(before)), ...openers, p.space(), choice);
  return p.choice(body, canonicalReading(ctx, trigger, calls, namedCall));
}

/**
 * The content and calls read as the strict parser does, for the lenient parser to fall back
 * on when its own reading fails: a plain answer that merely mentions a marker core
 * ("use <tool_call> tags") stays content, as without leniency. Never the grammar's: its
 * content is read by the lenient alternative already. Not where `namedCall` matches: the
 * lenient reading read a whole call there, which a stream has shown.
 */
function canonicalReading(ctx: Ctx, trigger: string, calls: Parser, namedCall?: Parser): Parser {
  const { p } = ctx;
  const reading = p.sequence(ctx.reasoning, p.optional(p.content(p.until(trigger))), calls, p.end());
  return p.recover('marker-as-content', namedCall === undefined ? reading : p.sequence(p.negate(namedCall), reading));
}

function tagWithJsonTools(ctx: Ctx): Parser {
  const { p, a } = ctx;
  const { start, end } = a.tools.arguments;
  const alternatives = functionTools(ctx.inputs.tools).map((tool) => {
    const name = tool.function.name;
    const args = p.sequence(ctx.p.sites.marker(start), p.toolArgs(p.jsonSchema(`tool-${name}-schema`, toolParameters(tool))), ctx.p.sites.marker(end));
    const peek = start === '' ? undefined : p.peek(ctx.p.sites.markerAhead(start));
    return p.sharedRule(`tool-${name}`, () => functionParser(ctx, name, args, peek));
  });
  return wrapCalls(ctx, p.choice(...alternatives), false);
}



/**
 * A tagged argument's JSON value, or the Python spelling of a boolean or null the schema
 * allows, or, when the template writes containers as Python, the Python literal of a
 * value that may be an object or array.
 */
function jsonOrPython(ctx: Ctx, rule: string, schema: JsonValue): Parser {
  const { p } = ctx;
  const json = p.jsonSchema(rule, schema);
  const python: Parser[] = pythonLiterals(schema).map((literal) => p.literal(literal));
  if (ctx.options.pythonContainers === true && mayBeContainer(schema)) python.push(pythonLiteralOf(p, schema, `${rule}-python`));
  return python.length === 0 ? json : p.choice(json, ...python);
}

/** The primitive types a schema's `type` names. */
function typesOf(schema: JsonValue): readonly JsonValue[] {
  const type = isJsonObject(schema) ? schema['type'] : undefined;
  return typeof type === 'string' ? [type] : Array.isArray(type) ? (type as readonly JsonValue[]) : [];
}

/** The JSON scalars a schema's `type` names (numbers, booleans, null), as parsers. */
function scalarsOf(p: ChatBuilder, schema: JsonValue): Parser[] {
  const types = typesOf(schema);
  const scalars: Parser[] = [];
  if (types.includes('integer') || types.includes('number')) scalars.push(p.jsonNumber());
  if (types.includes('boolean')) scalars.push(p.jsonBool());
  if (types.includes('null')) scalars.push(p.jsonNull());
  return scalars;
}

/**
 * An object or array the schema asks for written as a JSON string (`"{\"a\": 1}"`): the
 * string, when it starts like one, for the mapper to decode. Undefined when the schema's
 * `type` names neither.
 */
function encodedContainer(p: ChatBuilder, schema: JsonValue): Parser | undefined {
  const types = typesOf(schema);
  const opens = [...(types.includes('object') ? ['{'] : []), ...(types.includes('array') ? ['['] : [])];
  if (opens.length === 0) return undefined;
  return p.toolArgJsonString(p.sequence('"', p.peek(p.sequence(p.space(), p.choice(...opens))), p.jsonStringContent(), '"'));
}

/**
 * A typed (non-string) tagged value: JSON (or the Python spelling the template may use).
 * Leniently also after stray whitespace, or a number, boolean, null, object or array the
 * schema asks for written as a JSON string (`"5"`, `"{\"a\": 1}"`), read as the value the
 * string holds.
 */
function typedValue(ctx: Ctx, rule: string, schema: JsonValue): Parser {
  const { p } = ctx;
  const value = p.toolArgJsonValue(jsonOrPython(ctx, rule, schema));
  if (!ctx.inputs.lenient) return value;
  const spaced = p.recover('marker-whitespace', p.sequence(p.space(), value));
  const quotedValues: Parser[] = [];
  const scalars = scalarsOf(p, schema);
  if (scalars.length > 0) quotedValues.push(p.sequence('"', p.toolArgJsonValue(p.choice(...scalars)), '"'));
  const container = encodedContainer(p, schema);
  if (container !== undefined) quotedValues.push(container);
  if (quotedValues.length === 0) return p.choice(value, spaced);
  // First, unlike other recoveries: the parser does not check values against the schema, so
  // the canonical alternative would read `"5"` as a string; canonical output never quotes a
  // value of this type, so nothing canonical reaches past this one. Atomic: a stream shows
  // the value only once the closing quote proves it is not a string like `"5 days"`.
  const quoted = p.recover('typed-value', p.atomic(p.sequence(p.space(), p.choice(...quotedValues))));
  return p.choice(quoted, value, spaced);
}

/** The name of an argument the tool does not declare, as the lenient parser reads it. */
const UNDECLARED_ARGUMENT_NAME = '[A-Za-z0-9_.$-]';

function tagWithTaggedTools(ctx: Ctx): Parser {
  const { p, a } = ctx;
  const args = a.tools.arguments;
  const fn = a.tools.function;
  const f = a.tools.format;
  // Leniently a value also ends at its closer's core or, closer missing, where the next
  // argument, the function's close or the call's end begins.
  const afterValue = [args.name_prefix, fn.close, f.per_call_end, f.section_end];
  const untilSuffix = p.sharedRule('until-suffix', () => untilAny(ctx, args.value_suffix, [args.value_suffix, ...afterValue]));
  const valueClose = (): Parser => p.toolArgClose(ctx.p.sites.closer(ctx.p.sites.marker(args.value_suffix), afterValue, false));
  const argOpen = (argName: Parser): Parser => p.toolArgOpen(p.sequence(ctx.p.sites.marker(args.name_prefix), p.toolArgName(argName), ctx.p.sites.marker(args.name_suffix)));
  // `closer-in-value`: a value ends only at a stop (its closer, or where a missing one would
  // end it) that the call visibly goes on after — a close, the end, or another declared
  // argument (after a missing closer, only one the schema lists later: an argument is given
  // once, in the schema's order mostly); at any other stop the text is the value's (code
  // that writes the format's own tags).
  const goesOn = (names: readonly string[]): Parser => {
    const next = names.length === 0 || core(args.name_prefix) === '' ? [] : [p.sequence(core(args.name_prefix), p.choice(...names.map((n) => p.literal(`${n}${core(args.name_suffix)}`))))];
    return p.sequence(p.space(), p.choice(p.end(), ...present([fn.close, f.per_call_end, f.section_end].map(core)).map((m) => p.literal(m)), ...next));
  };
  const valueText = (names: readonly string[], current: string | undefined): Parser => {
    if (!p.recovers('closer-in-value') || current === undefined) return untilSuffix;
    const closer = core(args.value_suffix);
    const stops = present([closer, ...afterValue.map(core)]);
    const others = names.filter((n) => n !== current);
    const later = names.slice(names.indexOf(current) + 1);
    // After a closer, also an argument the tool does not declare (`argument-order`), when
    // that one closes where the call goes on.
    const undeclared =
      core(args.name_prefix) === ''
        ? []
        : [
            p.sequence(
              closer,
              p.space(),
              core(args.name_prefix),
              ...(names.length === 0 ? [] : [p.negate(p.choice(...names.map((n) => p.literal(`${n}${core(args.name_suffix)}`))))]),
              p.oneOrMore(p.chars(UNDECLARED_ARGUMENT_NAME)),
              core(args.name_suffix),
              p.until(closer),
              closer,
              goesOn(others),
            ),
          ];
    const ends = p.choice(p.sequence(closer, goesOn(others)), ...undeclared, goesOn(later));
    return p.sequence(untilSuffix, p.zeroOrMore(p.recover('closer-in-value', p.sequence(p.negate(ends), p.choice(...stops.map((m) => p.literal(m))), untilSuffix))));
  };
  // A string the schema narrows (enum, pattern, maxLength…) carries its schema for the grammar; the parser reads the same text.
  const rawValue = (names: readonly string[] = [], current?: string, rule?: string, schema?: JsonValue): Parser => {
    const text = valueText(names, current);
    return p.sequence(p.toolArgStringValue(rule === undefined ? text : rawStringValue(p, rule, schema, text)), valueClose());
  };
  // `missing-value-opener`: a value written right after its key without the value's own
  // opener (`<arg_key>city</arg_key>\nParis</arg_value>`); its closer still ends it.
  const valueOpen = (): Parser =>
    core(args.value_prefix) === '' ? p.sequence(ctx.p.sites.marker(args.value_prefix)) : p.orRecovered(ctx.p.sites.marker(args.value_prefix), 'missing-value-opener', p.space());
  const rawArg = (argName: Parser, value: Parser = rawValue()): Parser => p.toolArg(p.sequence(argOpen(argName), valueOpen(), value));
  // A string that may be null written `null` (as the template's `tojson` renders None) or
  // `None`: leniently the null, not the text. Atomic: a stream shows the value only once
  // its close proves it is no longer text such as `null and void`.
  const nullableValue = (names: readonly string[], current: string, rule: string, schema: JsonValue): Parser =>
    p.choice(p.recover('typed-value', p.atomic(p.sequence(p.space(), p.toolArgJsonValue(p.choice(p.jsonNull(), 'None')), p.space(), valueClose()))), rawValue(names, current, rule, schema));
  const undeclaredName = p.chars(UNDECLARED_ARGUMENT_NAME);
  const alternatives = functionTools(ctx.inputs.tools).map((tool) => {
    const name = tool.function.name;
    const required: Parser[] = [];
    const optional: Parser[] = [];
    const params = toolParameterList(tool);
    const names = params.map((param) => param.name);
    for (const param of params) {
      const arg = p.sharedRule(`tool-${name}-arg-${param.name}`, () =>
        schemaValueKinds(param.schema).string
          ? rawArg(
              p.literal(param.name),
              ctx.inputs.lenient && pythonLiterals(param.schema).includes('None')
                ? nullableValue(names, param.name, `tool-${name}-arg-${param.name}-string`, param.schema)
                : rawValue(names, param.name, `tool-${name}-arg-${param.name}-string`, param.schema),
            )
          : p.toolArg(
              p.sequence(
                argOpen(p.literal(param.name)),
                valueOpen(),
                typedValue(ctx, `tool-${name}-arg-${param.name}-schema`, param.schema),
                p.space(),
                valueClose(),
              ),
            ),
      );
      (param.required ? required : optional).push(arg);
    }
    let seq = p.sequence(...required.flatMap((r, i) => (i > 0 ? [p.space(), r] : [r])));
    if (optional.length > 0) {
      // The grammar takes each optional argument at most once, in any order (the parser also reads repeats).
      const once = eachAtMostOnce(p, `grammar-tool-${name}-optional`, optional, () => p.space());
      seq = p.sequence(seq, p.dual(p.repeat(p.sequence(p.space(), p.choice(...optional)), 0, UNBOUNDED), once));
    }
    if (ctx.inputs.lenient && args.name_prefix !== '') {
      // Models write arguments in their own order, leave out required ones or add some of
      // their own; read them as written (the call's arguments, not its framing, so the call
      // stands unchecked, as JSON arguments do). Canonical only when no argument tag follows.
      // A declared name is never read as undeclared: its value is typed, and a value that
      // breaks its type breaks the read as canonically (a stream has shown its start).
      const declared = params.map((param) => p.sequence(p.literal(param.name), core(args.name_suffix)));
      const undeclared = rawArg(declared.length === 0 ? undeclaredName : p.sequence(p.negate(p.choice(...declared)), undeclaredName));
      const anyArg = p.choice(...required, ...optional, undeclared);
      const canonical = p.sequence(seq, p.negate(p.sequence(p.space(), core(args.name_prefix))));
      // Or all arguments as one JSON object, as the JSON formats write them (before the
      // reading of any order, which also matches no argument at all).
      const json = p.recover('tagged-json-arguments', p.sequence(p.space(), p.peek('{'), p.toolArgs(p.jsonSchema(`tool-${name}-schema`, toolParameters(tool)))));
      seq = p.choice(canonical, json, p.recover('argument-order', p.repeat(p.sequence(p.space(), anyArg), 0, UNBOUNDED)));
    }
    seq = p.sequence(ctx.p.sites.marker(args.start), seq, ctx.p.sites.marker(args.end));
    // Peek for an argument tag only when one must follow: all-optional calls may have none.
    const peek = args.name_prefix !== '' && required.length > 0 ? p.peek(ctx.p.sites.markerAhead(args.name_prefix)) : undefined;
    return p.sharedRule(`tool-${name}`, () => functionParser(ctx, name, seq, peek));
  });
  return wrapCalls(ctx, p.choice(...alternatives), true);
}

/**
 * Pythonic calls, `[f(a="x"), g(b=1)]`, in the section markers when the template has them.
 * Without markers the list starts where `[` opens a call to a declared tool, so bracketed
 * prose stays content.
 */
function pythonicTools(ctx: Ctx, style: PythonicCallsAnalysis): Parser {
  const { p, a, inputs } = ctx;
  const { section_start: start, section_end: end } = a.tools.format;
  // Python-style calls write containers as Python literals too.
  const typedCtx: Ctx = { ...ctx, options: { ...ctx.options, pythonContainers: true } };
  const list = pythonicCallList(p, inputs.tools, { parallel: inputs.parallelToolCalls, style, sectionEnd: end, typedValue: (rule, schema) => jsonOrPython(typedCtx, rule, schema) });
  const open = start === '' ? p.eps() : p.sequence(ctx.p.sites.marker(start), p.space());
  const close = end === '' ? p.eps() : p.sequence(p.space(), ctx.p.sites.closer(ctx.p.sites.marker(end), []));
  // Without markers nothing tells a list from prose that opens like one but the whole list:
  // a list that fails partway is content (text-after-calls), so a stream must not show its
  // calls before the list is known to read (a cut list holds the text back), or the final
  // read would take them back.
  const guarded = start === '' ? p.sequence(p.peek(list), list) : list;
  // Without markers of its own, the list may come in another format's call markers.
  const marked = start === '' ? foreignlyMarked(p, guarded) : guarded;
  let calls = p.triggerRule('tool-call', p.sequence(open, marked, close, p.space()));
  if (inputs.toolChoice !== 'required') calls = p.optional(calls);
  const foreign = start === '' ? foreignOpeners(p).filter((stop) => stop.endsWith('[')) : [];
  const before = start === '' ? p.untilOneOf([...pythonicListStarts(inputs.tools, style.lines === true), ...foreign]) : contentBefore(ctx, start);
  return p.sequence(ctx.reasoning, p.optional(p.content(before)), calls, callsEnd(ctx));
}

function toolsParser(ctx: Ctx): Parser {
  const pythonic = ctx.a.tools.pythonic;
  if (pythonic !== undefined && ctx.a.tools.format.mode === 'TAG_WITH_TAGGED') return pythonicTools(ctx, pythonic);
  switch (ctx.a.tools.format.mode) {
    case 'JSON_NATIVE':
      return jsonNativeTools(ctx);
    case 'TAG_WITH_JSON':
      return tagWithJsonTools(ctx);
    case 'TAG_WITH_TAGGED':
      return tagWithTaggedTools(ctx);
    default:
      // Tool calls without a known format: the reference degrades to nothing, we to content.
      return contentParser(ctx);
  }
}

/**
 * The JSON answer to a response schema, fenced (` ```json `) or bare, as the reference reads
 * it. When the template wraps every answer (`ALWAYS_WRAPPED`, e.g. `<|START_RESPONSE|>…`)
 * the model writes the wrapper around the JSON too, so the wrapped answer is read (and the
 * grammar allows it) like plain content; the bare reading stays for models that skip it, and
 * keeps the reference's grammar for templates without a wrapper.
 */
function responseFormatBody(ctx: Ctx, schema: JsonValue): Parser {
  const { p, a } = ctx;
  const response = p.rule('response-format', p.content(p.jsonSchema('response-format-schema', schema)));
  const answer = p.choice(p.sequence('```json', p.space(), response, p.space(), '```'), p.sequence(p.space(), response, p.space()));
  if (!alwaysWrapped(a)) return answer;
  const { start, end } = a.content;
  // The closing marker may be left to the end-of-turn token (the template writes it as part
  // of the turn's end), so the answer may stop before it.
  return p.choice(p.sequence(start.trim(), p.space(), answer, p.space(), p.optional(end.trim())), answer);
}

/**
 * The root parser the general analysis gives for a request, built with `p`: the
 * generation-prompt boilerplate, then reasoning, then a response-format JSON body, tool
 * calls with the content before them, or plain content. It reads `generationPrompt + output`.
 */
function generalChatParser(p: ChatBuilder, analysis: TemplateAnalysis, inputs: GeneratorInputs, options: GeneralOptions = {}): Parser {
  const extracting = inputs.extractReasoning && analysis.reasoning.mode !== 'NONE';
  const ctx: Ctx = { p, a: analysis, inputs, extracting, reasoning: reasoningParser(p, analysis, extracting, inputs), options };
  const hasTools = functionTools(inputs.tools).length > 0;
  let pureContent = analysis.reasoning.mode === 'NONE';
  let body: Parser;
  if (inputs.responseSchema !== undefined) {
    body = p.sequence(ctx.reasoning, p.space(), responseFormatBody(ctx, inputs.responseSchema), p.end());
    pureContent = false;
  } else if (hasTools && inputs.toolChoice !== 'none' && analysis.caps.supports_tool_calls) {
    body = toolsParser(ctx);
    pureContent = false;
  } else body = contentParser(ctx);
  const prefix = p.generationPrefix(inputs.generationPrompt, analysis.reasoning.start.trim());
  return pureContent ? p.sequence(prefix, body) : p.sequence(prefix, p.space(), body);
}

/**
 * The analysis with the calls as the template writes JSON-text arguments, when it prints
 * arguments as they come (the model sees JSON text there in its prompts) — unless a plugin
 * patched the analysis, whose patch then says how the calls look.
 */
function withTextArguments(analysis: TemplateAnalysis): TemplateAnalysis {
  const text = analysis.tools.text_arguments;
  if (text === undefined || analysis.appliedPlugins.length > 0) return analysis;
  const { preserved_tokens: preserved, ...tools } = text;
  return { ...analysis, tools: { ...analysis.tools, ...tools }, preserved_tokens: preserved };
}

/**
 * The general format for a template analysis and a request: {@link generalChatParser}, and
 * the grammar plan — a response schema always gets a full grammar; tools get one when
 * calls are required, or a lazy one triggered by the tool-call marker when they are
 * optional (no marker: no grammar, the model writes freely).
 */
export function generalChatFormat(p: ChatBuilder, given: TemplateAnalysis, inputs: GeneratorInputs, options: GeneralOptions = {}): ChatFormat {
  const analysis = withTextArguments(given);
  const parser = generalChatParser(p, analysis, inputs, options);
  const trigger = toolTriggerMarker(analysis);
  const hasTools = analysis.tools.format.mode !== 'NONE' && inputs.tools.length > 0;
  const hasSchema = inputs.responseSchema !== undefined;
  const withGrammar =
    hasSchema || (hasTools && ((inputs.toolChoice === 'auto' && trigger !== '') || inputs.toolChoice === 'required'));
  const lazy = !hasSchema && inputs.toolChoice === 'auto';
  const thinking = analysis.reasoning.mode !== 'NONE';
  return {
    parser,
    grammar: withGrammar ? { lazy, triggers: lazy ? [{ type: 'word', value: trigger }] : [] } : null,
    preservedTokens: preservedTokens(analysis),
    thinkingStartTag: thinking ? analysis.reasoning.start.trim() : '',
    thinkingEndTag: thinking ? analysis.reasoning.end.trim() : '',
    additionalStops: [],
  };
}

/**
 * The analysis's preserved tokens; for pythonic calls without the function and argument
 * markers, which the tagged reading made of the call's own text.
 */
function preservedTokens(analysis: TemplateAnalysis): string[] {
  if (analysis.tools.pythonic === undefined) return [...analysis.preserved_tokens];
  const { function: fn, arguments: args } = analysis.tools;
  const tagged = new Set([fn.name_prefix, fn.name_suffix, fn.close, args.name_prefix, args.name_suffix, args.value_prefix, args.value_suffix, args.separator, args.start, args.end].map(core));
  return analysis.preserved_tokens.filter((token) => !tagged.has(token));
}

/** A fresh builder as every chat parser uses. */
export function chatBuilder(disabledRecoveries: Iterable<RecoveryRuleId> = [], lenient = false): ChatBuilder {
  // Models trained on Python-style tool calls write dicts (`{'a': True}`); the parser takes
  // them and the mapper rewrites them as JSON. Grammars still ask for JSON.
  return new ChatBuilder({ pythonDicts: true, disabledRecoveries, lenient });
}

