// src/families.ts
import { readdirSync, readFileSync } from "fs";
import { join, resolve } from "path";
import { fileURLToPath } from "url";
import {
  analyzeTemplate,
  checkScenarios,
  createChatParser,
  extractOutput,
  renderParamsOf
} from "@autoparser/core";
import fc from "fast-check";

// src/invariants.ts
var WORD = /[\p{L}\p{N}_]+/gu;
var fold = (word2) => {
  const lower = word2.toLowerCase();
  return lower === "none" ? "null" : lower;
};
function wordCounts(text, into = /* @__PURE__ */ new Map()) {
  for (const [word2] of text.matchAll(WORD)) {
    const folded = fold(word2);
    into.set(folded, (into.get(folded) ?? 0) + 1);
  }
  return into;
}
function vocabularyOf(texts) {
  return new Set(texts.flatMap((text) => [...wordCounts(text).keys()]));
}

// src/families.ts
var packageDir = fileURLToPath(new URL("..", import.meta.url));
var sharedDir = resolve(packageDir, "..", "..", "..", "shared");
var templateDir = join(sharedDir, "templates");
var chatCasesFile = join(sharedDir, "conformance", "chat-cases.jsonl");
function markersOf(parser) {
  const markers = [...parser.preservedTokens, parser.thinkingStartTag, parser.thinkingEndTag, ...parser.additionalStops];
  for (const node of parser.arena.nodes) {
    if (node.kind === "literal") markers.push(node.text);
    else if (node.kind === "until") markers.push(...node.delimiters);
  }
  return [...new Set(markers)].filter((m) => m.trim() !== "").sort();
}
var word = fc.oneof(
  { weight: 6, arbitrary: fc.stringMatching(/^[a-z]{2,7}$/) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 99999 }).map(String) },
  { weight: 1, arbitrary: fc.constantFrom("Z\xFCrich", "\u6771\u4EAC", "na\xEFve", "\xFCber") }
);
var separator = fc.constantFrom(" ", " ", " ", ", ", ". ", "\n", "\n\n", ' "', '" ', ": ", " {", "} ", " <", "> ");
var sentence = fc.array(fc.tuple(word, separator), { minLength: 1, maxLength: 14 }).map(
  (parts) => parts.map(([w, s]) => w + s).join("").trim()
);
function messageArbitrary(reasoning, calls, callContent) {
  const weather = sentence.map((city) => ({ name: "get_weather", args: { city } }));
  const note = fc.record({ text: sentence, count: fc.integer({ min: -1e3, max: 1e3 }), flag: fc.boolean(), nothing: fc.constant(null), options: fc.record({ unit: word, depth: fc.nat(9) }), items: fc.array(word, { maxLength: 3 }), city: word }).map((args) => ({ name: "record_note", args }));
  const call = fc.oneof(weather, note);
  return fc.record({
    content: sentence,
    reasoning: reasoning ? fc.option(sentence, { nil: void 0 }) : fc.constant(void 0),
    calls: fc.array(call, { maxLength: calls })
  }).map(({ content, reasoning: thought, calls: made }) => {
    const message = made.length === 0 ? { role: "assistant", content } : {
      role: "assistant",
      content: callContent,
      tool_calls: made.map((c, i) => ({ id: `call0000${i + 1}`, type: "function", function: { name: c.name, arguments: JSON.stringify(c.args) } }))
    };
    return thought === void 0 ? message : { ...message, reasoning_content: thought };
  });
}
var parseJsonLine = (line) => JSON.parse(line);
function chatCasesOf(file, template) {
  let text;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return [];
  }
  const out = [];
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    const record = parseJsonLine(line);
    if (record.template === `${template}.jinja`) out.push({ id: record.id, request: record.params, input: record.input });
  }
  return out;
}
function buildFamily(name, poolSize, poolSeed, casesFile = chatCasesFile) {
  const source = readFileSync(join(templateDir, `${name}.jinja`), "utf8");
  const contexts = [];
  const analysis = analyzeTemplate(source);
  const scenarios = checkScenarios(analysis);
  const byName = new Map(scenarios.map((s) => [s.name, s]));
  const tools = [...new Map(scenarios.flatMap((s) => s.tools).map((t) => [t.function.name, t])).values()];
  const reasoning = byName.get("reasoning + content")?.skip === void 0;
  const calls = byName.get("tool call")?.skip !== void 0 ? 0 : byName.get("parallel tool calls")?.skip !== void 0 ? 1 : 2;
  const callContent = byName.get("tool call")?.message.content ?? null;
  const request = { messages: [{ role: "user", content: "Hello! Can you help me?" }], tools: calls === 0 ? void 0 : tools, parallel_tool_calls: calls === 2 };
  try {
    const parser = createChatParser(source, request);
    const params = renderParamsOf(request);
    const outputs = [];
    for (const message of fc.sample(messageArbitrary(reasoning, calls, typeof callContent === "string" ? callContent : null), { seed: poolSeed, numRuns: poolSize })) {
      try {
        const extracted = extractOutput(source, params, message, { ...parser, assistantStart: analysis.assistant_start });
        if (extracted.ok) outputs.push(extracted.output);
      } catch {
      }
    }
    if (outputs.length > 0) contexts.push({ name: "fuzz", parser, outputs });
  } catch {
  }
  for (const { id, request: caseRequest, input } of chatCasesOf(casesFile, name)) {
    try {
      contexts.push({ name: id, parser: createChatParser(source, caseRequest), outputs: [input] });
    } catch {
    }
  }
  const markers = [...new Set(contexts.flatMap((c) => markersOf(c.parser)))].sort();
  const vocabulary = vocabularyOf([source, ...markers]);
  return { name, contexts, markers, vocabulary };
}
function familyNames(dir = templateDir) {
  return readdirSync(dir).filter((f) => f.endsWith(".jinja")).map((f) => f.slice(0, -".jinja".length)).sort();
}

// src/probe.tmp.ts
var seen = /* @__PURE__ */ new Set();
for (const name of familyNames()) {
  const f = buildFamily(name, 1, 1);
  for (const c of f.contexts) for (const t of c.parser.grammarTriggers) {
    if (t.type === "word" || t.type === "token") continue;
    const k = `${t.type} ${JSON.stringify(t.value)}`;
    if (!seen.has(k)) {
      seen.add(k);
      console.log(name, k);
    }
  }
}
