/**
 * Turns template source into a program: line endings normalised as the reference does,
 * literals spelled as Python reads them (see `python-literals.ts`), then
 * `@huggingface/jinja`'s lexer (with `trim_blocks` and `lstrip_blocks`, as chat templates
 * expect) and parser, then source positions for the statements. Compiled
 * programs are cached by source, since one prompt renders the same template several times.
 *
 * @internal
 */
import { parse, tokenize } from '@huggingface/jinja';
import { asNode, type AnyNode } from './ast-nodes.js';
import { TemplateRenderError } from './errors.js';
import { locateSyntaxError } from './locate-syntax-error.js';
import { Memo } from './memo.js';
import { locateNodes, type NodePositions } from './node-positions.js';
import { spellLiteralsForLexer } from './python-literals.js';
import { scanTags } from './tag-scanner.js';
import { rewriteTests } from './test-syntax.js';

/** A parsed template with its statement positions. */
export interface CompiledTemplate {
  /** The top-level statements. */
  readonly body: readonly AnyNode[];
  /** Source positions of statements, for error messages. */
  readonly positions: NodePositions;
}

const memo = new Memo<string, CompiledTemplate>(64);

/** Compiles `source`, or throws a `'syntax'` {@link TemplateRenderError} naming the failing tag. */
export function compileTemplate(source: string): CompiledTemplate {
  return memo.getOrCreate(source, () => compileSource(source));
}

function compileSource(source: string): CompiledTemplate {
  const normalized = source.replace(/\r\n?/g, '\n');
  const lexable = spellLiteralsForLexer(normalized);
  let program;
  try {
    program = parse(rewriteTests(tokenize(lexable, { lstrip_blocks: true, trim_blocks: true })));
  } catch (error) {
    if (error instanceof RangeError) {
      throw new TemplateRenderError('limit', 'template nests too deeply to parse', { limit: 'depth', cause: error });
    }
    const reason = error instanceof Error ? error.message : String(error);
    throw new TemplateRenderError('syntax', reason, { position: locateSyntaxError(scanTags(normalized)), cause: error });
  }
  const body = program.body.map((node) => asNode(node));
  return { body, positions: locateNodes(body, scanTags(normalized)) };
}
