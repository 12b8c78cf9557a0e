/** Help texts, one per command; `--help` prints them to stdout. */
export const GLOBAL_USAGE = `autoparser — derive a streaming parser and a GBNF grammar from any chat template

Usage: autoparser <command> [options]

Commands:
  analyze <template> [--json]                 detected modes, markers, plugins, preserved tokens
  render <template> --request FILE            the prompt and the generation prompt
  parse <template> --request FILE [--input FILE|-] [--partial] [--stream] [--strict]
        [--no-recovery ID]...                 model output → assistant message (or deltas)
  grammar <template> --request FILE [--format gbnf|ebnf|structural-tag] [--json] [--strict]
                                              GBNF, lazy flag, triggers, preserved tokens
  check <template> [--json] [--strict]        round-trip self-check, no reference needed
  recoveries [--json]                         the recovery rules lenient parsing applies
  conformance [--data FILE]... [--templates DIR]... [--json]
                                              run the reference conformance data
  debug [<template>] [--port N] [--no-open]   the template debugger, in the browser
  serve <model.gguf> [--template FILE] [--port N] [--parallel N]
                                              an OpenAI- and Anthropic-compatible server
                                              (needs @autoparser/server)

<template> is a .jinja file, a Hugging Face tokenizer_config.json or a .gguf model
(--variant NAME picks a named template; default "default"). --plugin MODULE
(repeatable) adds your plugins before the built-ins; --no-builtin-plugins drops those.
A request FILE is OpenAI chat-completions JSON (messages, tools, tool_choice,
parallel_tool_calls, response_format) plus reasoning_format, enable_thinking,
chat_template_kwargs and strict. Parsing is lenient by default: output that strays from
the template's format is recovered where a named rule applies, with a "recovered" warning;
--strict (or "strict": true in the request) parses only the canonical format, and
--no-recovery ID leaves one rule out (see autoparser recoveries). The grammar is canonical
either way.

Options:
  -h, --help     this help (also after a command)

Exit status: 0 ok, 1 check or conformance failures, 2 usage or input error.
Colours only on a terminal; set NO_COLOR to turn them off.
`;

const TEMPLATE_OPTIONS = `  --variant NAME   named template of a tokenizer_config.json or GGUF (default "default")
  --plugin MODULE  load plugins from an ES module (a path or a package; repeatable); they
                   run before the built-ins
  --no-builtin-plugins
                   run only the --plugin plugins
  -h, --help       this help`;

/** Per-command help. */
export const COMMAND_USAGE: Readonly<Record<string, string>> = {
  analyze: `Usage: autoparser analyze <template> [--json]

Analyses the template: reasoning, content and tool-call modes with their markers,
capabilities, applied plugins, preserved tokens and analysis warnings.

Options:
  --json           print the analysis as JSON
${TEMPLATE_OPTIONS}
`,
  render: `Usage: autoparser render <template> --request FILE [--json]

Renders the request's conversation through the template and prints the prompt and the
generation prompt (the tail that opens the model's turn).

Options:
  --request FILE   OpenAI chat-completions JSON (required)
  --json           print {prompt, generation_prompt}
${TEMPLATE_OPTIONS}
`,
  parse: `Usage: autoparser parse <template> --request FILE [--input FILE|-] [--partial] [--stream] [--strict] [--no-recovery ID]...

Parses raw model output (the text after the prompt) into an OpenAI assistant message,
printed as JSON. Never fails on odd output: output that strays from the template's format
is read by a named recovery where one applies (a "recovered" warning names the rule), and
what cannot be placed comes back as content with a warning.

Options:
  --request FILE   OpenAI chat-completions JSON (required)
  --input FILE|-   the model output (default "-": standard input)
  --partial        the output is cut mid-stream
  --stream         feed the output in chunks; print one OpenAI delta per line (JSON lines)
  --chunk N        code points per chunk with --stream (default 8)
  --strict         parse only the canonical format: no recoveries (also "strict": true
                   in the request file)
  --no-recovery ID leave the recovery rule ID out (repeatable; autoparser recoveries
                   lists them)
${TEMPLATE_OPTIONS}
`,
  recoveries: `Usage: autoparser recoveries [--json]

Lists the recovery rules the lenient parser applies: each rule's id (the "rule" of a
"recovered" warning), the site of a format it repairs, and what it reads. With --json,
the registry itself: [{id, site, description, examples: [{formats, input, result}]}].

Options:
  --json           print the rules as JSON
  -h, --help       this help
`,
  grammar: `Usage: autoparser grammar <template> --request FILE [--format gbnf|ebnf|structural-tag] [--json] [--strict]

Prints the GBNF grammar for constrained decoding, preceded by comments giving the lazy
flag, the triggers and the preserved tokens (so the output is still valid GBNF). The
grammar is always the canonical format, recoveries or not. For xgrammar (vLLM, SGLang,
MLC): --format ebnf prints the grammar in xgrammar's EBNF dialect, --format
structural-tag the structural tag (JSON) that constrains the whole output.

Options:
  --request FILE   OpenAI chat-completions JSON (required)
  --format F       gbnf (default), ebnf or structural-tag; fails with the reason when
                   the grammar has no such form (e.g. a regular-expression trigger)
  --per-tool       with --format structural-tag: one tag per tool, the call's text
                   around the tool's JSON schema (templates whose calls write JSON
                   arguments)
  --json           print {grammar, lazy, triggers, preserved_tokens, …} ({ebnf, lazy,
                   triggers} with --format ebnf; the structural tag indented with
                   --format structural-tag)
  --strict         build the strict parser (the grammar is the same; accepted so that
                   parse and grammar take the same flags)
${TEMPLATE_OPTIONS}
`,
  check: `Usage: autoparser check <template> [--json] [--strict]

Round-trip self-check with no reference: canonical answers (content; reasoning + content;
content with thinking off; one call; a call with arguments of every JSON type; parallel
calls; tool_choice required and named; a response schema; an answer after a tool result)
are rendered through the template, the model's part is cut out, parsed back, compared with
the answer, accepted by the grammar, and streamed in seeded random chunks whose deltas must
build the same message. An answer read back only through a recovery fails (the template's
own rendering must read canonically). Scenarios are skipped only for what the template's
capabilities cannot express, with the reason; an analysis that fails fails them.

Options:
  --json           print {template, format, scenarios: [{name, passed, skipped?, reason?,
                   stage?, grammar?, chunks?}], passed, failed, skipped}
  --strict         check with the strict parser (no recoveries)
${TEMPLATE_OPTIONS}

Exit status: 0 every scenario passed or was skipped, 1 a scenario failed.
`,
  serve: `Usage: autoparser serve <model.gguf> [--template FILE] [--host H] [--port N] [--context N] [--parallel N]

Serves the model on llama.cpp (through node-llama-cpp) to OpenAI and Anthropic clients:
POST /v1/chat/completions (streaming or not; tools, tool_choice, parallel_tool_calls,
response_format, reasoning_format, reasoning_effort, reasoning_budget_tokens,
chat_template_kwargs, max_tokens, temperature, top_p, seed, stop), OpenAI Responses
(POST /v1/responses), Anthropic Messages (POST /v1/messages and /v1/messages/count_tokens),
GET /v1/models and GET /health. autoparser renders the
prompt, constrains generation with its grammar (from the first token for a required or
named call and for a response format; from a trigger on otherwise) and parses the answer
into content, reasoning and tool calls. Runs until Ctrl-C.

Needs the optional package @autoparser/server (npm install @autoparser/server), which
brings node-llama-cpp and its prebuilt llama.cpp binaries.

Options:
  --template FILE  the chat template (.jinja or tokenizer_config.json; default: the one
                   embedded in the GGUF)
  --host H         address to listen on (default 127.0.0.1)
  --port N         port (default 8080; 0 picks a free one)
  --context N      tokens per slot (default: the model's, at most 8192)
  --parallel N     requests served at once, each on its own context sequence (default 1);
                   more wait in a queue
  --threads N      CPU threads (default 4)
  --max-tokens N   answer cap of a request that sets none (default 1024)
  --reasoning-budget N
                   reasoning tokens of a request that sets no budget: after N, the
                   template's reasoning end is written and the answer goes on (default: none)
  --reasoning-budget-message TEXT
                   written before that reasoning end (default: nothing)
  --no-tools-on-none
                   tool_choice "none" also leaves the tools out of the prompt (default:
                   they stay in the prompt, out of the grammar)
  --cpu            never use a GPU (default: a GPU when node-llama-cpp finds one)
${TEMPLATE_OPTIONS}
`,
  debug: `Usage: autoparser debug [<template>] [--port N] [--no-open]

Opens the template debugger: a local web page showing every differential comparison of
the analysis (what each step extracted from it), the modes, markers and preserved tokens,
the parser dump and GBNF for an editable request, model output parsed as you type (the
message and the streamed deltas) and the self-check. The page does all the work in the
browser; this command only serves its files on localhost, with <template> opened first
when given, prints the URL and opens it. It runs until Ctrl-C.

Options:
  --port N         port to listen on (default 8765; 0 picks a free one)
  --no-open        only print the URL; do not open a browser
${TEMPLATE_OPTIONS}
`,
  conformance: `Usage: autoparser conformance [--data FILE]... [--templates DIR]... [--json]

Runs the reference conformance data with autoparser's checks; the same as
\`pnpm conformance\` (all of its flags, e.g. --ratchet BASELINE, are passed on).
Only in a checkout of the autoparser repository: the tool and its data are not published.

Options:
  --data FILE       run only FILE (repeatable)
  --templates DIR   also search DIR for templates (repeatable)
  --json            print only the JSON report
  --no-progress     no progress bar (drawn on stderr when it is a terminal)
  -h, --help        this help
`,
};
