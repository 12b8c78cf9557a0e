// src/load-xgrammar.ts
import { readFileSync } from "fs";
import { createRequire } from "module";
import { dirname } from "path";
import { compileFunction, constants } from "vm";
var loaded;
function loadXgrammar() {
  if (loaded !== void 0) return loaded;
  const requireHere = createRequire(import.meta.url);
  const file = requireHere.resolve("@mlc-ai/web-xgrammar");
  const module = { exports: {} };
  const run = compileFunction(readFileSync(file, "utf8"), ["exports", "require", "module", "__filename", "__dirname"], {
    filename: file,
    // It imports `module` dynamically (to build its own `require`).
    importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER
  });
  run.call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  loaded = module.exports;
  return loaded;
}

// src/xgrammar-check.ts
import { readdirSync, readFileSync as readFileSync2 } from "fs";
import { join } from "path";
import { findEarliestTrigger } from "@autoparser/conformance";
import {
  analyzeTemplate,
  checkScenarios,
  checkTemplate,
  createChatParser,
  grammarStart,
  parseChatRequest,
  scenarioRequest,
  toStructuralTag,
  toXgrammarEbnf
} from "@autoparser/core";
import { schemaToGbnf } from "@autoparser/gbnf-emitter";
var readLines = (file) => readFileSync2(file, "utf8").split("\n").filter((line) => line.trim() !== "").map((line) => JSON.parse(line));
var message = (error) => (error instanceof Error ? error.message : String(error)).split("\n")[0].slice(0, 240);
function constrainedPart(record, parser) {
  const prompt = record.reference.generation_prompt;
  const text = prompt + record.input;
  const trigger = findEarliestTrigger(text, {
    triggers: parser.grammarTriggers,
    grammarLazy: parser.grammarLazy,
    thinkingStartTag: parser.thinkingStartTag,
    thinkingEndTag: parser.thinkingEndTag,
    generationPromptLength: prompt.length,
    expectsToolCalls: (record.expect.tool_calls ?? []).length > 0
  });
  if (trigger === void 0) return parser.grammarLazy ? void 0 : text;
  return text.slice(Math.max(trigger, prompt.length));
}
var Tally = class {
  figures = { exported: 0, compiled: 0, accepted: 0, rejected: 0, total: 0, notExpressible: {}, notExpressibleCases: [], failures: [] };
  notExpressible(what, problem) {
    this.figures.notExpressible[problem.code] = (this.figures.notExpressible[problem.code] ?? 0) + 1;
    this.figures.notExpressibleCases.push(`${what}: ${problem.code}: ${problem.message}`);
  }
  async compile(what, make) {
    this.figures.exported++;
    try {
      const made = await make();
      this.figures.compiled++;
      return made;
    } catch (error) {
      this.figures.failures.push(`${what}: xgrammar does not compile it: ${message(error)}`);
      return void 0;
    }
  }
  async accepts(xg, what, grammar, text, expected) {
    this.figures.total++;
    const accepted = await xg.Testings.isGrammarAcceptString(grammar, text);
    if (accepted === expected) {
      if (expected) this.figures.accepted++;
      else this.figures.rejected++;
    } else this.figures.failures.push(`${what}: xgrammar ${accepted ? "accepts a negative" : "rejects"} ${JSON.stringify(text.slice(0, 120))}`);
  }
};
async function checkOutput(xg, tally, what, parser, request, output, constrained) {
  const ebnf = toXgrammarEbnf(parser.grammar);
  if (!ebnf.ok) tally.notExpressible(`${what} EBNF`, ebnf);
  else {
    const grammar = await tally.compile(`${what} EBNF`, () => xg.Grammar.fromEBNF(ebnf.ebnf));
    if (grammar !== void 0 && constrained !== void 0) await tally.accepts(xg, `${what} EBNF`, grammar, constrained, true);
  }
  const tag = toStructuralTag(parser, request);
  if (!tag.ok) tally.notExpressible(`${what} structural tag`, tag);
  else {
    const grammar = await tally.compile(`${what} structural tag`, () => xg.Grammar.fromStructuralTag(tag.structuralTag));
    if (grammar !== void 0 && constrained !== void 0) await tally.accepts(xg, `${what} structural tag`, grammar, output, true);
  }
}
async function checkChatCases(xg, tally, dataDir, templateDir) {
  for (const record of readLines(join(dataDir, "chat-cases.jsonl"))) {
    if (record.is_partial) continue;
    const request = parseChatRequest(record.params);
    if (!request.ok) continue;
    const parser = createChatParser(readFileSync2(join(templateDir, record.template), "utf8"), request.request);
    if (parser.grammar === "") continue;
    await checkOutput(xg, tally, record.id, parser, request.request, record.input, constrainedPart(record, parser));
  }
}
function templateFiles(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true }).filter((entry) => entry.isFile() && entry.name.endsWith(".jinja")).map((entry) => join(entry.parentPath, entry.name)).sort();
}
async function checkZoo(xg, tally, zooDir) {
  for (const file of templateFiles(zooDir)) {
    const source = readFileSync2(file, "utf8");
    let scenarios;
    try {
      const analysis = analyzeTemplate(source);
      const report = checkTemplate(source, { analysis });
      const byName = new Map(checkScenarios(analysis).map((scenario) => [scenario.name, scenario]));
      scenarios = report.scenarios.flatMap((result) => {
        const scenario = byName.get(result.name);
        return result.passed && result.grammar === "accepted" && result.output !== void 0 && scenario !== void 0 ? [{ scenario, output: result.output }] : [];
      });
    } catch {
      continue;
    }
    for (const { scenario, output } of scenarios) {
      const request = scenarioRequest(scenario);
      const parser = createChatParser(source, request);
      if (parser.grammar === "") continue;
      const text = parser.generationPrompt + output;
      const start = grammarStart(text, parser.grammarTriggers, parser.generationPrompt.length);
      const constrained = start === void 0 ? parser.grammarLazy ? void 0 : text : text.slice(start);
      await checkOutput(xg, tally, `zoo ${file.slice(zooDir.length + 1)} ${scenario.name}`, parser, request, output, constrained);
    }
  }
}
async function checkAcceptance(xg, tally, dataDir) {
  for (const group of readLines(join(dataDir, "grammar-acceptance.jsonl"))) {
    let gbnf;
    try {
      gbnf = group.kind === "schema" ? schemaToGbnf(group.schema ?? "") : group.grammar ?? "";
    } catch {
      continue;
    }
    const ebnf = toXgrammarEbnf(gbnf);
    if (!ebnf.ok) {
      tally.notExpressible(`acceptance ${JSON.stringify(group.name)}`, ebnf);
      continue;
    }
    const grammar = await tally.compile(`acceptance ${JSON.stringify(group.name)}`, () => xg.Grammar.fromEBNF(ebnf.ebnf));
    if (grammar === void 0) continue;
    for (const text of group.passing) if (typeof text === "string") await tally.accepts(xg, `acceptance ${JSON.stringify(group.name)}`, grammar, text, true);
    for (const text of group.failing) if (typeof text === "string") await tally.accepts(xg, `acceptance ${JSON.stringify(group.name)}`, grammar, text, false);
  }
}
async function checkXgrammar(xg, dirs) {
  const tally = new Tally();
  await checkChatCases(xg, tally, dirs.dataDir, dirs.templateDir);
  if (dirs.zooDir !== void 0) await checkZoo(xg, tally, dirs.zooDir);
  await checkAcceptance(xg, tally, dirs.dataDir);
  return tally.figures;
}

// src/zz-run.ts
var f = await checkXgrammar(loadXgrammar(), { dataDir: "/work/shared/conformance", templateDir: "/work/shared/templates", zooDir: process.env.ZOO });
console.log(JSON.stringify({ ...f, failures: f.failures.length, notExpressibleCases: 0 }, null, 1));
console.log(f.notExpressibleCases.join("\n"));
console.log(f.failures.join("\n"));
