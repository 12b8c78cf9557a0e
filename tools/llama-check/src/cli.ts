#!/usr/bin/env node
import { runLlamaCheck, type LlamaCheckDetails, type LlamaCheckReport } from './run-llama-check.js';

const USAGE = `usage: llama-check [--json] [--samples N] [--max-tokens N] [--mutations N] [--seed N] [--template TEXT] [--verbose]
  Loads every grammar autoparser emits into llama.cpp (node-llama-cpp, CPU), compares
  llama.cpp's matcher with ours, and samples tiny random models under our grammars.
  --json         only the JSON report on stdout
  --samples N    samples per template and mode (default 3)
  --max-tokens N token cap of a sample (default 384)
  --mutations N  insertions, deletions and cuts per text in the agreement check (default 2 each)
  --seed N       seed of the models and the sampling (default 1)
  --template T   only templates whose file name contains T (skips the schema records)
  --zoo N        also sample N templates of the zoo (tools/zoo/templates), drawn with the seed (default 40)
  --verbose      list known findings' failures and the samples stopped at the cap too`;

/** Zoo templates sampled besides the shared ones unless `--zoo` says otherwise. */
const DEFAULT_ZOO_SAMPLE = 40;

interface Args {
  json: boolean;
  verbose: boolean;
  samples?: number;
  maxTokens?: number;
  mutations?: number;
  seed?: number;
  template?: string;
  zoo?: number;
}

function parseArgs(argv: readonly string[]): Args {
  const args: Args = { json: false, verbose: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = (): string => {
      const next = argv[++i];
      if (next === undefined) throw new Error(`${arg} needs a value`);
      return next;
    };
    const count = (): number => {
      const text = value();
      const n = Number(text);
      if (!Number.isInteger(n) || n < 0) throw new Error(`${arg} needs a whole number, not ${JSON.stringify(text)}`);
      return n;
    };
    switch (arg) {
      case '--json': args.json = true; break;
      case '--verbose': args.verbose = true; break;
      case '--samples': args.samples = count(); break;
      case '--max-tokens': args.maxTokens = count(); break;
      case '--mutations': args.mutations = count(); break;
      case '--seed': args.seed = count(); break;
      case '--template': args.template = value(); break;
      case '--zoo': args.zoo = count(); break;
      case '--help': case '-h': console.log(USAGE); process.exit(0); break;
      default: throw new Error(`unknown argument ${JSON.stringify(arg)}`);
    }
  }
  return args;
}

function table(report: LlamaCheckReport, details: LlamaCheckDetails, verbose: boolean): string {
  const { grammars, agreement, generation } = report;
  const lines = [
    `grammars    ${grammars.loaded} loaded, ${grammars.rejected} rejected (${details.sources.chatCases} chat cases, ${details.sources.selfCheck} self-check scenarios, ${details.sources.schemas} schema records)`,
    `agreement   ${agreement.agree} agree (${details.accepted} accepted by both), ${agreement.disagree} disagree (expected outputs, acceptance strings and ${details.sources.samples} samples, each with mutations)`,
    `generation  ${generation.samples} samples over ${details.generation.templates} templates: ${generation.parsed} parsed, ${generation.schemaValid} schema-valid; ${details.generation.capped.length} more stopped at the token cap`,
  ];
  const rules = Object.entries(details.generation.recoveries).map(([rule, n]) => `${rule} ${n}`).join(', ');
  if (details.generation.recovered > 0) lines.push(`            ${details.generation.recovered} parsed only through a recovery (${rules})`);
  for (const [name, failures] of [['grammars', grammars.failures], ['agreement', agreement.failures], ['generation', generation.failures]] as const) {
    const known = failures.filter((f) => f.known !== undefined);
    for (const failure of failures) {
      if (failure.known !== undefined && !verbose) continue;
      lines.push(`${failure.known === undefined ? 'FAIL' : 'known'} ${name}: ${failure.id}: ${failure.reason.slice(0, 400)}`);
    }
    const findings = new Set(known.map((f) => f.known));
    if (known.length > 0) lines.push(`${name}: ${known.length} failure(s) explained by ${findings.size} known finding(s) (known-findings.json)`);
  }
  if (verbose) for (const sample of details.generation.capped) lines.push(`capped ${sample.id}: ${JSON.stringify(sample.output.slice(0, 300))}`);
  lines.push(details.unexplained === 0 ? 'llama-check: no unexplained failure' : `llama-check: ${details.unexplained} unexplained failure(s)`);
  return lines.join('\n');
}

try {
  const args = parseArgs(process.argv.slice(2));
  const { report, details } = await runLlamaCheck({
    ...(args.samples === undefined ? {} : { samples: args.samples }),
    ...(args.maxTokens === undefined ? {} : { maxTokens: args.maxTokens }),
    ...(args.seed === undefined ? {} : { seed: args.seed }),
    ...(args.mutations === undefined ? {} : { mutationsPerText: args.mutations }),
    ...(args.template === undefined ? {} : { templateFilter: args.template }),
    zooSample: args.zoo ?? DEFAULT_ZOO_SAMPLE,
    onProgress: (message) => process.stderr.write(`${message}\n`),
  });
  if (args.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  process.stderr.write(`${table(report, details, args.verbose)}\n`);
  process.exitCode = details.unexplained === 0 ? 0 : 1;
} catch (error) {
  process.stderr.write(`llama-check: ${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
  process.exitCode = 2;
}
