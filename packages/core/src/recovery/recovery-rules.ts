import type { BuiltinRecoveryRuleId, RecoveryRule } from '@autoparser/types';

/** Every built-in rule but its id; a record, so that each id has exactly one entry. */
const RULES: { readonly [Id in BuiltinRecoveryRuleId]: Omit<RecoveryRule, 'id'> } = {
  "marker-whitespace": {
    site: "marker-spacing",
    description: "A marker written with other whitespace around it than the template writes, or none.",
    examples: [
      { formats: "Ministral 3 / Magistral / Devstral (Mistral v13)", input: "`[TOOL_CALLS] get_weather[ARGS]{…}` (space or newline after the marker)", result: "the call" },
      { formats: "general TAG_WITH_TAGGED / TAG_WITH_JSON / JSON_NATIVE per-call markers (Qwen3-Coder, Qwen3.5, Nemotron-3-Nano, GLM-4.6/4.7, MiniMax-M2, Mistral-Small-3.2, Hermes, Qwen3)", input: "`<tool_call><function=f><parameter=x>1</parameter></function></tool_call>` (no newlines); `<arg_value> 3 </arg_value>`; `[TOOL_CALLS]f [ARGS] {…}`; `<tool_call>{\"name\": …}</tool_call>` on one line", result: "the call, as if the template's whitespace were there; content before the calls stops at the marker's trimmed core (the grammar keeps the canonical language and trigger); Kimi K2 (plugin): `functions.get_weather:0 <|tool_call_argument_begin|>` (a space before the argument token, as servers that space special tokens show it)" },
    ],
  },
  "tag-attributes": {
    site: "marker-spacing",
    description: "Extra `key=\"value\"` attributes in a tag whose name the template writes as an attribute.",
    examples: [
      { formats: "general TAG_WITH_TAGGED whose names are quoted attributes (MiniMax-M2)", input: "`<invoke name=\"get_weather\" description=\"Get the weather\">`, `<parameter name=\"city\" type=\"string\">Paris</parameter>` (models echoing a description or type)", result: "the call; the extra attributes are read and left out (only whole `key=\"value\"` attributes)" },
    ],
  },
  "marker-variant": {
    site: "marker-variant",
    description: "A marker spelt otherwise than the template writes it (a misspelt, shortened or unprefixed form of the same marker).",
    examples: [
      { formats: "DeepSeek R1 (`deepseek-r1` plugin)", input: "`<｜tool_calls_begin｜><｜tool▁call▁begin｜>function<get_weather>…` (misspelt section start, missing call start or end markers, `function<NAME>`, newlines between markers)", result: "the calls of the section, as if rendered canonically" },
      { formats: "DeepSeek V3.2 (DSML)", input: "`<function_calls><invoke name=\"get_time\"><parameter name=\"city\" string=\"true\">Boston</parameter></invoke></function_calls>` (tags without `｜DSML｜`, optional calls)", result: "the calls" },
    ],
  },
  "tool-name-variant": {
    site: "marker-variant",
    description: "A declared function's name written in another case, with `-` or a space for `_`, or after a `functions.` namespace.",
    examples: [
      { formats: "every format that names the function (JSON calls, tagged calls, pythonic lists, plugins)", input: "`{\"name\": \"Get_Weather\", …}`, `<function=functions.get_weather>`, `get-weather(…)`", result: "a call of the declared `get_weather`: only a declared tool's name, spelt so, maps (never a name the request does not declare)" },
    ],
  },
  "missing-call-opener": {
    site: "missing-opener",
    description: "Calls written without the section or call marker that opens them, where the rest of the call is unmistakable.",
    examples: [
      { formats: "DeepSeek R1 (`deepseek-r1` plugin)", input: "`function<get_weather>\\n```json\\n{…}\\n```` / `functionRead\\n```json…` / `function\\n```json\\n{\"tools\": [{\"name\", \"arguments\"}…]}` / `<tool_call>\\nfunction</think>Read\\n```json…```\\n</tool_call>`", result: "the declared calls with schema-valid arguments; the text before them is content (format 4: the reasoning ends where `<tool_call>` starts)" },
      { formats: "LFM2 / LFM2.5", input: "`[get_time(city=\"Paris\")]` as the whole answer", result: "the calls; bracketed text that is no declared call (Markdown links) stays content. A stream shows the list only when the output ends (text after it makes it content)" },
      { formats: "DeepSeek V3.2 (DSML)", input: "`<｜DSML｜invoke name=\"get_time\">…</｜DSML｜invoke>` without `<｜DSML｜function_calls>` (optional calls)", result: "the calls; the closing block marker may be there or not" },
      { formats: "general TAG_WITH_TAGGED with a function-name prefix (Qwen3-Coder, Qwen3.5, Nemotron-3-Nano, MiniMax-M2)", input: "`<function=f>…</function></tool_call>` without `<tool_call>`; `<invoke name=\"f\">…</invoke></minimax:tool_call>` without the section start", result: "the call; content stops at the function-name prefix" },
    ],
  },
  "missing-message-start": {
    site: "missing-opener",
    description: "A message whose header starts without the turn opener the template writes before it.",
    examples: [
      { formats: "gpt-oss (harmony)", input: "`…<|end|><|channel|>final<|message|>Hi`", result: "the next message starts at its channel header without `<|start|>assistant`" },
    ],
  },
  "missing-arguments-marker": {
    site: "missing-opener",
    description: "A call whose arguments follow its name without the marker the template writes between them.",
    examples: [
      { formats: "Mistral v13 (Ministral 3, Magistral, Devstral; `ministral` plugin) and Mistral Small 3.2 (general generator: the marker ending its call id section)", input: "`[TOOL_CALLS]get_weather{\"city\": \"Paris\"}` without `[ARGS]` (what a server that drops special tokens shows; vLLM's tests write v11 output so)", result: "the call; only a declared tool's whole name followed at once by `{`" },
    ],
  },
  "missing-name-prefix": {
    site: "missing-opener",
    description: "A function name without the prefix the template writes before it (`functions.`).",
    examples: [
      { formats: "gpt-oss (harmony)", input: "` to=get_weather<|channel|>commentary json<|message|>{\"location\":\"Paris\"}`", result: "a call of the declared tool `get_weather` (only with JSON arguments: code after a declared name is kept as text by `undeclared-recipient`)" },
      { formats: "Kimi K2", input: "`<|tool_call_begin|>get_weather:0<|tool_call_argument_begin|>{…}`", result: "call `get_weather`, id `get_weather:0` as written" },
    ],
  },
  "missing-value-opener": {
    site: "missing-opener",
    description: "A tagged argument's value written right after its key, without the value's own opener.",
    examples: [
      { formats: "general TAG_WITH_TAGGED with a value opener (GLM-4.5/4.6/4.7, MiniMax-M2-style attributes excluded)", input: "`<arg_key>city</arg_key>\\nParis</arg_value>`", result: "`city` is `Paris`: the value's closer still ends it" },
    ],
  },
  "json-call-without-marker": {
    site: "missing-opener",
    description: "A whole answer that is a JSON call, where the template writes a marker before calls.",
    examples: [
      { formats: "general generator, JSON calls after a marker (Hermes, Qwen3, Granite 4, SmolLM3, Mistral Nemo, …)", input: "`{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}` as the whole answer (after any reasoning) where the template writes `<tool_call>` around it; Nemo `[{…, \"id\": \"abcDEF123\"}]` without `[TOOL_CALLS]`", result: "the call(s); only when the JSON runs to the end of the output (text after it, or prose before it, leaves all of it content), and each call must name a declared tool and fit its schema. A stream shows none of it until the output ends" },
    ],
  },
  "optional-call-marker": {
    site: "missing-opener",
    description: "Calls whose template writes no call marker, written in another format's call markers (`<|python_tag|>`, `<|python_start|>…<|python_end|>`, `<tool_call>…</tool_call>`, `[TOOL_CALLS]`).",
    examples: [
      { formats: "JSON calls without a call marker (Llama 3.x), calls optional", input: "`<|python_tag|>{\"name\": \"get_weather\", \"parameters\": {…}}`", result: "the call; the tag is not content (strict keeps it as content, as the grammar allows); `<|python_tag|>brave_search.call(…)` stays content" },
      { formats: "JSON and pythonic calls without a call marker (xLAM, Llama 4 pythonic)", input: "`Sure.<tool_call>[{\"name\": \"get_weather\", …}]</tool_call>`, `<|python_start|>[get_weather(city=\"LA\")]<|python_end|>`", result: "the calls, the markers neither content nor calls; a marker that no `{` or `[` of a call follows stays text" },
    ],
  },
  "missing-closer": {
    site: "missing-closer",
    description: "A closer left out (of a value, an argument, a call, a section or a message): the construct ends where the next one starts or the output ends.",
    examples: [
      { formats: "gpt-oss (harmony)", input: "`<|channel|>analysis<|message|>Hm.<|start|>assistant<|channel|>final<|message|>Hi`", result: "the analysis/preamble message ends at the next `<|start|>`: reasoning `Hm.`, content `Hi`" },
      { formats: "DeepSeek V3.2 (DSML)", input: "`<｜DSML｜function_calls>…</｜DSML｜invoke>` and the output ends", result: "the calls (strict: the same, as `truncated`)" },
      { formats: "DeepSeek V3.2 (DSML)", input: "`…<｜DSML｜parameter …>7</｜DSML｜parameter>` and the output ends", result: "the last call with complete JSON arguments (strict: unclosed arguments)" },
      { formats: "Gemma 4", input: "`<|tool_call>call:get_time{city:<|\"|>London<|\"|>}` and the output ends", result: "the call (strict: the same, as `truncated`)" },
      { formats: "general TAG_WITH_TAGGED, TAG_WITH_JSON, JSON_NATIVE per-call", input: "`<parameter=a>\\n1\\n<parameter=b>…` (no `</parameter>`); output ending before `</function>` / `</tool_call>` / `</minimax:tool_call>`", result: "the arguments and calls as if closed; a raw string value ends at its closer's core, the next argument, the function close or the call end (so a value that really contains one of those needs `strict: true`); a value cut by the end of the output stays a `truncated` read" },
    ],
  },
  "closer-in-value": {
    site: "missing-closer",
    description: "A tagged string value whose text holds its own closer or another argument's tag (code that writes the format): the value ends only at a closer the call visibly goes on after.",
    examples: [
      { formats: "general TAG_WITH_TAGGED (Qwen3-Coder, Qwen3.5, GLM, MiniMax-M2, Seed-OSS)", input: "`<parameter=content>\\ndoc = \\\"\\\"\\\"\\n<parameter=path>\\nx\\n</parameter>\\n\\\"\\\"\\\"\\n</parameter>\\n</function>`", result: "`content` holds the inner `<parameter=path>…</parameter>` text: a closer ends the value only where the next declared argument, the function's or call's close, or the end of the output follows it" },
    ],
  },
  "unterminated-string-at-closer": {
    site: "missing-closer",
    description: "A string value never closed inside a call's arguments: it ends where the call's closer starts (the first token-like marker written in it), when the closed arguments fit the tool's schema.",
    examples: [
      { formats: "every format whose calls end in a marker after their arguments (`closeFinalArguments`): Gemma 4 `call:NAME{…}<tool_call|>`, JSON arguments (Hermes, Qwen3, Granite, Kimi K2, …), tagged formats", input: "Gemma 4 `<|tool_call>call:run{cmd:<|\"|>pwd}<tool_call|>` (the `<|\"|>` string never closed); Hermes `<tool_call>\\n{\"name\": \"run\", \"arguments\": {\"cmd\": \"pwd}}\\n</tool_call>`", result: "arguments `{\"cmd\":\"pwd\"}`: a string value never closed ends where the first token-like marker written in it starts (`</tool_call>`, `<tool_call|>`, `[ARGS]`…), with the brackets and layout right before it (the call's closer); text after the closer is content. Only when the closed arguments fit the tool's schema; else (and in strict mode) `arguments-closed-at-end` keeps the text in the string. A stream never shows a marker (or its start, or a trailing bracket run) inside a string value still open, so the final message extends what it sent" },
    ],
  },
  "arguments-closed-at-end": {
    site: "missing-closer",
    description: "Arguments the output ends inside (or never starts): closed where the output ends, so a final message's arguments always read as a JSON object. Reported as `truncated`, in strict mode too.",
    examples: [
      { formats: "every format, strict mode too (`closeFinalArguments`; reported as `truncated`, the output was cut)", input: "`<tool_call>\\n{\"name\": \"run\", \"arguments\": {\"cmd\": \"pw` (the output ends); `{\"cmd\": \"pwd\", `; `{\"cmd\": `; Qwen3-Coder `<parameter=cmd>\\npw`; a call whose arguments never started", result: "a final message's arguments always read with `JSON.parse` as an object: the open string and containers close where the output ends (`{\"cmd\": \"pw\"}`), a trailing comma or key cut short is left out (the key's text goes to the content), a member whose value never started gets `null` (`{\"cmd\": null}`: the reference's partial read shows `{\"cmd\": `, which a stream cannot take back), no arguments are `{}`, raw control characters in strings are escaped. A stream shows unfinished arguments only up to where they can be closed so (a literal or key cut short, a comma, an escape cut short wait), so its final message equals `parse`. Partial messages may still hold unfinished arguments" },
    ],
  },
  "missing-id": {
    site: "call-id",
    description: "A call without the id the template writes for it.",
    examples: [
      { formats: "Kimi K2", input: "`<|tool_call_begin|>functions.get_weather<|tool_call_argument_begin|>{…}`", result: "call `get_weather`, id `functions.get_weather` as written" },
      { formats: "JSON calls whose template writes an id (Mistral Nemo)", input: "`[TOOL_CALLS][{\"name\": …, \"arguments\": {…}}]`", result: "the call without an id" },
    ],
  },
  "json-extra-id": {
    site: "call-id",
    description: "A call object with an id the template never writes.",
    examples: [
      { formats: "JSON calls whose template writes no id", input: "`{\"id\": \"call_1\", \"name\": …, \"arguments\": …}` (also `call_id`, `tool_call_id`, anywhere in the object)", result: "the call with that id" },
    ],
  },
  "typed-value": {
    site: "value-typing",
    description: "A tagged value whose schema type is not a string, written as a JSON string (or `None`/`null` for a nullable string).",
    examples: [
      { formats: "general TAG_WITH_TAGGED (tagged argument values)", input: "`<parameter=days>\\n\"3\"\\n</parameter>` for an integer, `\"false\"` for a boolean, `\"{\\\"a\\\": 1}\"` for an object", result: "`3`, `false` (a number, boolean or null the schema's `type` names, written as a JSON string); `\"[\\\"a\\\", \\\"b\\\"]\"` / `\"{\\\"fast\\\": true}\"` where the schema says array / object → the array / object the string encodes (one that encodes none stays the string, with a `mapping` note); a quoted text the type cannot take stays the string it was; `null` or `None` written for a string that may be null (`anyOf` with `null`, `type: [\"string\", \"null\"]`) → `null` (the template's `tojson` renders None so), shown in a stream once its close proves it is not text like `null and void`" },
    ],
  },
  "json-string-arguments": {
    site: "value-typing",
    description: "Arguments written as a JSON-encoded string instead of an object.",
    examples: [
      { formats: "JSON calls", input: "`{\"name\": \"get_weather\", \"arguments\": \"{\\\"city\\\": \\\"Paris\\\"}\"}`", result: "arguments `{\"city\": \"Paris\"}` (decoded; a stream shows the decoded prefix); a string that does not start with `{` stays content" },
    ],
  },
  "python-literals": {
    site: "value-typing",
    description: "A call written with Python quoting and literals (`'…'`, `True`, `None`) where the template writes JSON or its own string style.",
    examples: [
      { formats: "general pythonic calls whose template writes string values bare or raw (Llama 3.2/4 pythonic, OLMo 3)", input: "`[get_weather(city='Martha\\'s Vineyard')]` where the template prints `city=Martha's Vineyard`", result: "the string the Python literal holds (`Martha's Vineyard`); a literal is read only where the call visibly goes on after it" },
      { formats: "JSON calls", input: "`{'name': 'get_weather', 'arguments': {'city': 'Paris', 'days': None}}`", result: "the call, arguments as JSON (one warning per single-quoted key or name)" },
    ],
  },
  "quoted-key": {
    site: "value-typing",
    description: "A key written in JSON quotes where the format writes it bare.",
    examples: [
      { formats: "Gemma 4", input: "`call:get_time{\"city\":\"Paris\"}`", result: "a `\"quoted\"` key read as the bare key" },
    ],
  },
  "json-quoted-string": {
    site: "value-typing",
    description: "A string value written in JSON quotes where the format has its own string delimiters.",
    examples: [
      { formats: "Gemma 4", input: "`call:todo_list{todos:[\"buy milk\"]}`", result: "a JSON string value where Gemma writes `<|\"|>…<|\"|>`" },
    ],
  },
  "json-key-order": {
    site: "call-shape",
    description: "The members of a JSON call object in another order than the template writes them.",
    examples: [
      { formats: "JSON calls (Hermes, Qwen3, Granite 4, Llama 3.x, Mistral Nemo, …: `standardJsonTools`)", input: "`<tool_call>{\"arguments\": {\"city\": \"Paris\"}, \"name\": \"get_weather\"}</tool_call>`; Nemo `[{\"id\": \"abcDEF123\", \"name\": …, \"arguments\": …}]`", result: "the call, id kept, whatever the key order (after a name written first, as the template writes it, only what follows the name is the recovery: the call shows from its name on, as canonically)" },
    ],
  },
  "json-arguments-alias": {
    site: "call-shape",
    description: "The name or the arguments under another of the usual keys (`function`, `tool_name`, `tool` for `name`; `parameters`, `args`, `input`, `params` for `arguments`, or the reverse).",
    examples: [
      { formats: "JSON calls", input: "`{\"name\": \"get_weather\", \"parameters\": {…}}` where the template writes `arguments` (or the reverse for Llama 3.x)", result: "the call with those arguments" },
    ],
  },
  "arguments-as-parameter": {
    site: "call-shape",
    description: "All the arguments as one JSON object in a single parameter named as an arguments key (`arguments`, `parameters`, `args`, `input`, `tool_input`, `params`) that the tool does not declare.",
    examples: [
      { formats: "DeepSeek V3.2/V4 DSML (`deepseek-v3.2`)", input: "`<｜DSML｜invoke name=\"get_weather\">\n<｜DSML｜parameter name=\"arguments\" string=\"false\">{\"city\": \"Paris\"}</｜DSML｜parameter>\n</｜DSML｜invoke>`, as DeepSeek V4's SGLang template writes calls", result: "the call with arguments `{\"city\":\"Paris\"}` (the object must fit the tool's schema; a tool that declares such a parameter reads it as one)" },
    ],
  },
  "json-function-wrapper": {
    site: "call-shape",
    description: "A call in the OpenAI `{\"type\": \"function\", \"function\": {…}}` wrapper.",
    examples: [
      { formats: "JSON calls", input: "`{\"type\": \"function\", \"function\": {\"name\": …, \"arguments\": …}}` (ids beside it allowed); a stray `\"type\": \"function\"` member", result: "the call" },
    ],
  },
  "fenced-json": {
    site: "call-shape",
    description: "JSON calls inside a Markdown code fence.",
    examples: [
      { formats: "JSON calls", input: "`<tool_call>` + ```` ```json\\n{…}\\n``` ```` + `</tool_call>`; Llama 3.x (calls optional) `Sure.\\n```json\\n{…}\\n````", result: "the call(s); text before the fence stays content" },
    ],
  },
  "argument-order": {
    site: "call-shape",
    description: "Tagged or keyword arguments in another order than the schema lists, required ones missing, undeclared ones added.",
    examples: [
      { formats: "general TAG_WITH_TAGGED (Qwen3-Coder, Qwen3.5, Nemotron 3 Nano, GLM-4.6/4.7, MiniMax-M2, Seed-OSS)", input: "`<parameter=days>\\n3\\n</parameter>\\n<parameter=city>\\nParis\\n</parameter>` where the schema lists `city` (required) first; a required argument left out (`<function=f>\\n</function>`); `<parameter=units>\\nmetric\\n</parameter>` that the tool does not declare", result: "the call with the arguments in the order written (`{\"days\":3,\"city\":\"Paris\"}`, `{}`), an undeclared one as a string. The call is not checked against the schema (the recovery lies after its name, like JSON arguments, which any order reads canonically). A declared argument whose value breaks its type is never re-read as an undeclared string: it stops the read as canonically" },
      { formats: "general pythonic calls (Llama 3.2/4 pythonic, OLMo 3, Gemma 3 pythonic)", input: "`[register_user(name='Doe', role=None)]` where the tool declares no `role`", result: "the call with `\"role\":null`: an undeclared keyword's value read as a Python literal or JSON" },
    ],
  },
  "tagged-json-arguments": {
    site: "call-shape",
    description: "The arguments as one JSON object where the template writes one tag per argument.",
    examples: [
      { formats: "general TAG_WITH_TAGGED (Qwen3-Coder, Qwen3.5, Nemotron 3 Nano, GLM-4.6/4.7, MiniMax-M2, Seed-OSS)", input: "`<function=get_weather>\\n{\"city\": \"Paris\"}\\n</function>`; GLM `<tool_call>get_weather\\n{\"city\": \"Paris\"}\\n</tool_call>` (the arguments as one JSON object where the template writes argument tags)", result: "the call with those arguments (only a JSON object; not checked against the schema, as `argument-order`)" },
    ],
  },
  "json-call-in-tags": {
    site: "call-shape",
    description: "A JSON call object (or an array of them) where the template writes the call in its own syntax.",
    examples: [
      { formats: "Ministral 3 / Magistral / Devstral (Mistral v13)", input: "`[TOOL_CALLS][{\"name\":\"get_weather\",\"arguments\":{…},\"id\":\"…\"}]`", result: "the calls (with `id` when given)" },
      { formats: "LFM2 / LFM2.5", input: "`<|tool_call_start|>[{\"name\":\"get_time\",\"arguments\":{…}}]<|tool_call_end|>` (array or one object)", result: "the calls" },
      { formats: "general generator with a per-call tag or marker: TAG_WITH_TAGGED (Qwen3-Coder, Qwen3.5, Nemotron 3 Nano, GLM-4.6/4.7, Seed-OSS) and TAG_WITH_JSON (Mistral Small 3.2, DeepSeek V3.1, Functionary v3.2, …)", input: "`<tool_call>\\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}\\n</tool_call>` (Qwen3's JSON call where the template writes `<function=…>` or GLM's name and argument tags); Mistral Small 3.2 `[TOOL_CALLS][{\"name\": …, \"arguments\": …}, …]` (the older Mistral templates' array where the template writes `NAME[ARGS]{…}`); `parameters` for `arguments`, an `\"id\"` after them", result: "the call(s) (several only with parallel calls); each names its tool inside the recovery, so it must name a declared tool and fit its schema, else it is content (`rejected`)" },
    ],
  },
  "xml-invoke-calls": {
    site: "call-shape",
    description: "Calls in the XML `<invoke name=…><parameter name=…>` syntax where the template writes another.",
    examples: [
      { formats: "Kimi K2", input: "`<tool_call>\\n<invoke name=\"Write\">\\n<parameter name=\"file_path\">/a.txt</parameter>\\n</invoke>\\n</tool_call>` (the XML-style fallback ik_llama.cpp documents)", result: "the calls of declared tools (string parameters raw, others JSON); text before them is content. Only with `tool_choice: auto`, and only when the calls run to the end of the output" },
    ],
  },
  "call-separator": {
    site: "call-separator",
    description: "Parallel calls separated by `;` or `,`.",
    examples: [
      { formats: "general TAG_WITH_TAGGED (per-call and section), JSON_NATIVE per-call (Hermes, Qwen3)", input: "`</tool_call>;<tool_call>…`, `</invoke>, <invoke …>`, `</tool_call>, <tool_call>`", result: "every call (nothing or newlines between calls need no recovery)" },
    ],
  },
  "json-call-separator": {
    site: "call-separator",
    description: "Parallel JSON calls separated by `;`, whitespace or a repeated marker.",
    examples: [
      { formats: "JSON calls, parallel calls allowed", input: "`{…}; {…}` (Llama 3.x) or `{…}\\n{…}` (two objects in one Hermes `<tool_call>`); marker-less calls (Llama 3.x): `<|python_tag|>{…}<|python_tag|>{…}` (the tag repeated before each call)", result: "both calls" },
    ],
  },
  "json-call-array": {
    site: "call-separator",
    description: "An array of calls where the template writes one object per call, or one object where it writes an array.",
    examples: [
      { formats: "JSON calls", input: "Hermes `<tool_call>[{…}, {…}]</tool_call>`; Llama 3.x `[{…}]` (calls optional); Nemo `[TOOL_CALLS]{…}` without the array", result: "the calls (several only with parallel calls)" },
    ],
  },
  "text-after-calls": {
    site: "text-around-calls",
    description: "Text after the calls, where the template ends the turn with them.",
    examples: [
      { formats: "general generator with tools: JSON per-call markers (Qwen3, QwQ), tagged (Nemotron 3 Nano, GLM-4.6, MiniMax-M2), marker-less JSON (Llama 3.x); gpt-oss (harmony): a final message after the calls", input: "`<tool_call>\\n{…}\\n</tool_call>\\nI asked for the weather.`", result: "the call, and content `I asked for the weather.` (strict: parse fails, all content, `unparsed`). Text that starts another call (the trigger, or `{` without one) is not taken: a call cut short stays a truncated call. gpt-oss: `…<|call|><|start|>assistant<|channel|>final<|message|>Checking.` → the calls and content `Checking.` (strict: all content)" },
    ],
  },
  "text-between-calls": {
    site: "text-around-calls",
    description: "Text between two calls.",
    examples: [
      { formats: "general generator with tools, per-call markers and parallel calls: JSON (Hermes, Qwen3, Granite 4), tagged (Qwen3-Coder, Nemotron 3 Nano, GLM-4.6/4.7)", input: "`<tool_call>\\n{…Paris…}\\n</tool_call>\\nNow the second city.\\n<tool_call>\\n{…Rome…}\\n</tool_call>`", result: "both calls, content `Now the second city.` (strict: the first call only starts the calls, so all content). The call after the text is a recovered call (checked against its tool); a stream shows the text as it comes" },
    ],
  },
  "prose-before-json-call": {
    site: "text-around-calls",
    description: "Prose with braces before a marker-less JSON call.",
    examples: [
      { formats: "general generator, JSON calls without a marker (Llama 3.1/3.2/3.3)", input: "`Cities look like {\"city\": \"Rome\"}; here is Paris.\\n{\"name\": \"get_weather\", \"parameters\": {…}}`", result: "content up to the `{` that starts a declared call, the call extracted. Prose without braces needs no recovery (canonical). An answer that opens with `{` is a call or nothing; an undeclared tool stays prose." },
    ],
  },
  "marker-as-content": {
    site: "text-around-calls",
    description: "A marker (or a call to an undeclared tool) mentioned in text: the whole text is content, as the strict parser reads it.",
    examples: [
      { formats: "general TAG_WITH_TAGGED / TAG_WITH_JSON / JSON_NATIVE, when the lenient reading stops content at a marker core", input: "`Use <tool_call> tags.`; `Write <function=name> …`; a call to an undeclared tool", result: "the whole text as content, as the strict parser reads it (the lenient reading found no call there). Not once the lenient reading has read a whole call (`tool_call>\\n<function=get_weather>…</function>\\n</too;l_call>`): a stream has shown that call, so a later break is `unparsed`, which keeps it as read" },
    ],
  },
  "undeclared-recipient": {
    site: "text-around-calls",
    description: "A message addressed to a recipient that is no declared function (a built-in tool): its text is kept, never dropped.",
    examples: [
      { formats: "gpt-oss (harmony)", input: "`<|channel|>commentary to=python <|constrain|>code<|message|>print(1)` / `<|start|>assistant to=container.exec<|channel|>analysis<|message|>ls` (a message to a recipient that is no declared function, as the answer's last message)", result: "its text verbatim from `to=` on, recipient and header included (what the message was for stays readable): content `to=python <|constrain|>code<|message|>print(1)`; reasoning when the channel, before or after the recipient, is analysis. A declared name with JSON arguments stays a call; with tools offered, `to=functions.NAME` of no declared tool stays `unparsed`. Strict mode drops the message, as the reference does" },
    ],
  },
  "readable-prefix": {
    site: "text-around-calls",
    description: "An output that breaks off the format partway: what reads before the break stays as read, and only the rest is content. Reported by the `unparsed` warning at the break, not a `recovered` one.",
    examples: [
      { formats: "every format", input: "`<tool_call>\\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}\\n</tool_call>\\nThen {broken`, where the text after a call cannot be read", result: "the call, as a stream showed it, and content from the break on (without the rule, as with `strict: true`: the whole output is content, as the reference returns it)" },
    ],
  },
  "reasoning-start-repeated": {
    site: "reasoning-boundary",
    description: "The reasoning start tag written again after the prompt opened reasoning.",
    examples: [
      { formats: "general generator, tag-based reasoning (QwQ, DeepSeek-R1 without tools, MiniMax-M2, Nemotron 3 Nano, Qwen3); DeepSeek R1 with tools (`deepseek-r1` plugin, the whitespace after the tag skipped as its canonical reading does)", input: "prompt ends `<think>\\n`; output `<think>\\nThe user greets me.\\n</think>\\n\\nHello!`", result: "reasoning `\\nThe user greets me.` (the second tag dropped), content after `</think>`. An empty repeated block (`<think>\\n\\n</think>`) stays reasoning text `<think>`, as the reference reads it. Streamed: a partial `<thi…` is held back." },
    ],
  },
  "reasoning-unclosed": {
    site: "reasoning-boundary",
    description: "Reasoning the output opens and never closes (the output was cut).",
    examples: [
      { formats: "general generator, templates whose reasoning the output opens (SmolLM3, Granite 3.3, Qwen3, Command R7B…); Mistral v13 (Ministral 3, `[THINK]`); DeepSeek V3.2; LFM2 / LFM2.5", input: "`<think>\\nLet me check the forecast` (the output ends; no `</think>`)", result: "reasoning `Let me check the forecast`, as a stream showed it (not content with the tag), with a `truncated` warning (not `recovered`: the output was cut). A call inside the block still ends it as in `call-in-reasoning`. A block the prompt opens reads so without this rule." },
    ],
  },
  "reasoning-while-disabled": {
    site: "reasoning-boundary",
    description: "A reasoning block written although the prompt closed an empty one (thinking off).",
    examples: [
      { formats: "general generator, prompts that close an empty block when thinking is off (Qwen3, QwQ, GLM-4.6, Nemotron 3 Nano)", input: "`enable_thinking: false`, prompt ends `<think>\\n\\n</think>\\n\\n`; output `<think>\\nThe user greets me.\\n</think>\\n\\nHello!`", result: "reasoning `\\nThe user greets me.`, content `Hello!` when reasoning is extracted (with `reasoning_format: none` it stays content). An output ending inside the block is reasoning (the stream showed it so); a call inside it ends it as in `call-in-reasoning`. Prompts that never write the block (Granite 3.3) read it canonically." },
    ],
  },
  "answer-wrapper": {
    site: "reasoning-boundary",
    description: "An answer after reasoning wrapped in the answer markers a template writes only with reasoning, or that models trained on another format write (`<response>…</response>`, `<answer>…</answer>`).",
    examples: [
      { formats: "templates with reasoning: Granite 3.3 (its wrapper, `content.mode` WRAPPED_WITH_REASONING), Hunyuan A13B", input: "`<think>Hm.</think>\\n<answer>\\nHi there\\n</answer>`", result: "reasoning `Hm.`, content `Hi there`; the closer may be missing, and text after it is content" },
    ],
  },
  "call-in-reasoning": {
    site: "reasoning-boundary",
    description: "A tool call inside a reasoning block that is never closed.",
    examples: [
      { formats: "general generator with tools: JSON (Qwen3, QwQ), tagged (Nemotron 3 Nano, GLM-4.6, MiniMax-M2); DeepSeek R1 (`deepseek-r1` plugin); Mistral v13 (Ministral 3: `[THINK]…[TOOL_CALLS]`); DeepSeek V3.2 (`<think>…<｜DSML｜function_calls>`); LFM2 / LFM2.5 (`<think>…<|tool_call_start|>`)", input: "prompt ends `<think>\\n`; output `I need the weather.\\n<tool_call>\\n{\"name\": \"get_weather\", …}\\n</tool_call>` (block never closed)", result: "reasoning `I need the weather.`, the call extracted. A block that closes after a call marker stays reasoning (the reference's reading), so a stream holds back from the marker until the block closes or the output ends — more than one marker, the price of never showing text as reasoning and then as a call. A marker that starts no valid call (a mention, an undeclared tool) is reasoning text, as strict reads it. A call cut short inside an unclosed block stays reasoning text, as strict reads it (the `truncated` reading keeps any held-back tail). Only with `tool_choice: auto`: required calls get a full grammar, under which the model closes its reasoning. DeepSeek-R1 with tools (its own format): the `<｜tool▁calls▁begin｜>` section in the block the prompt opened, the same way." },
    ],
  },
  "trailing-end-of-turn": {
    site: "end-of-turn",
    description: "The end-of-turn marker at the end of the output (a server that did not stop on it).",
    examples: [
      { formats: "every format (`parseChatOutput`), templates that write one token-like marker after an assistant turn (Qwen3, Hermes, Kimi-K2, LFM2: `<|im_end|>`; Llama 3.x, Functionary: `<|eot_id|>`; Phi-3.5: `<|end|>`; Gemma: `<end_of_turn>`)", input: "`Hello there.<|im_end|>` (a server that did not stop on the marker), whitespace after it allowed", result: "content `Hello there.`: the marker is dropped, only at the very end of the output, only when the whole output reads it as text (formats that read it themselves, GigaChat's `<|message_sep|>` or harmony's `<|return|>`, keep their reading) and only when the rest still reads. The marker is what the template renders after an assistant message (a probe render), not a list. A stream holds back the end of the output that may be the marker, and no more" },
    ],
  },
};

/**
 * The built-in recovery rules, in the order of their sites: what each reads, where, and an
 * example. Read-only data; `recovery-rules.md` is generated from it.
 */
export const recoveryRules: readonly RecoveryRule[] = Object.freeze(
  (Object.keys(RULES) as BuiltinRecoveryRuleId[]).map((id) => Object.freeze({ id, ...RULES[id] })),
);
