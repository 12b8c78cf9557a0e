import { GbnfSchemaError, matchGbnf, parseGbnf, schemaToGbnf, type Grammar } from '@autoparser/gbnf-emitter';
import type { CheckResult } from '../check-registry.js';
import type { AcceptanceInput, GrammarAcceptanceGroup, JsonSchemaToGbnfCase } from '../grammar-types.js';

/** The comparison the data README prescribes: each line's leading whitespace and the whole text trimmed. */
function normalise(grammar: string): string {
  return grammar
    .split('\n')
    .map((line) => line.trimStart())
    .join('\n')
    .trim();
}

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** `grammar` check of json-schema-to-gbnf.jsonl: our grammar text equals the reference's, or both refuse. */
export function checkSchemaGrammar(record: JsonSchemaToGbnfCase): CheckResult {
  let grammar: string;
  try {
    grammar = schemaToGbnf(record.schema);
  } catch (error) {
    if (record.status === 'FAILURE' && GbnfSchemaError.isInstance(error)) return { passed: true };
    return { passed: false, reason: `conversion failed: ${message(error)}` };
  }
  if (record.status === 'FAILURE') return { passed: false, reason: 'expected a conversion error, got a grammar' };
  if (normalise(grammar) === normalise(record.expected_grammar)) return { passed: true };
  const ours = normalise(grammar).split('\n');
  const theirs = normalise(record.expected_grammar).split('\n');
  const line = ours.findIndex((l, i) => l !== theirs[i]);
  const at = line < 0 ? ours.length : line;
  return { passed: false, reason: `line ${at + 1} differs: ours ${JSON.stringify(ours[at])}, reference ${JSON.stringify(theirs[at])}` };
}

function bytesOf(input: AcceptanceInput): string | Uint8Array {
  return typeof input === 'string' ? input : Uint8Array.from(Buffer.from(input.hex, 'hex'));
}

function show(input: AcceptanceInput): string {
  const text = typeof input === 'string' ? JSON.stringify(input) : `hex ${input.hex}`;
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** `accept` check of grammar-acceptance.jsonl: every passing string accepted fully, every failing one not. */
export function checkAcceptance(group: GrammarAcceptanceGroup): CheckResult {
  let grammar: Grammar;
  try {
    grammar = parseGbnf(group.kind === 'grammar' ? group.grammar : schemaToGbnf(group.schema));
  } catch (error) {
    return { passed: false, reason: `grammar not usable: ${message(error)}` };
  }
  for (const input of group.passing) {
    const result = matchGbnf(grammar, bytesOf(input));
    if (result.status !== 'accepted') return { passed: false, reason: `${show(input)} should be accepted, was ${result.status}` };
  }
  for (const input of group.failing) {
    const result = matchGbnf(grammar, bytesOf(input));
    if (result.status === 'accepted') return { passed: false, reason: `${show(input)} should be rejected, was accepted` };
  }
  return { passed: true };
}
