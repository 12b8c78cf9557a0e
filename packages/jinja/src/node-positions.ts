/**
 * Pairs the statements of a parsed template with the source tags they came from, so a
 * runtime error can say which line failed. The library's parser keeps no positions; this
 * walks the tree in source order alongside the tag list and gives up quietly (positions
 * are best-effort) if the two ever disagree.
 *
 * @internal
 */
import { tokenize } from '@huggingface/jinja';
import { asNode, type AnyNode, type IfNode } from './ast-nodes.js';
import type { TemplatePosition } from './errors.js';
import { spellLiteralsForLexer } from './python-literals.js';
import type { SourceTag } from './tag-scanner.js';

/** Source positions of statement nodes, keyed by node. */
export type NodePositions = WeakMap<object, TemplatePosition>;

class OutOfSync extends Error {}

/** Maps each statement of `body` (recursively) to the position of its opening tag. */
export function locateNodes(body: readonly { readonly type: string }[], tags: readonly SourceTag[]): NodePositions {
  const positions: NodePositions = new WeakMap();
  let next = 0;
  const peek = (): SourceTag | undefined => tags[next];
  const take = (kind: SourceTag['kind'], keyword?: string): SourceTag => {
    const tag = tags[next++];
    if (!tag || tag.kind !== kind || (keyword !== undefined && tag.keyword !== keyword)) throw new OutOfSync();
    return tag;
  };
  const takeOpener = (node: AnyNode, keyword: string): void => {
    positions.set(node, take('%', keyword).position);
  };

  const walkIf = (node: IfNode, keyword: 'if' | 'elif'): void => {
    takeOpener(node, keyword);
    walk(node.body);
    const after = peek();
    const first = node.alternate[0];
    if (after?.keyword === 'elif' && first !== undefined && first.type === 'If') {
      walkIf(first, 'elif');
    } else if (after?.keyword === 'else') {
      take('%', 'else');
      walk(node.alternate);
    }
    if (keyword === 'if') take('%', 'endif');
  };

  const walk = (nodes: readonly AnyNode[]): void => {
    for (const raw of nodes) {
      const node = asNode(raw);
      switch (node.type) {
        case 'Comment':
          take('#');
          break;
        case 'If':
          walkIf(node, 'if');
          break;
        case 'For':
          takeOpener(node, 'for');
          walk(node.body);
          if (peek()?.keyword === 'else') {
            take('%', 'else');
            walk(node.defaultBlock);
          }
          take('%', 'endfor');
          break;
        case 'Set':
          takeOpener(node, 'set');
          if (node.value === null) {
            walk(node.body);
            take('%', 'endset');
          }
          break;
        case 'Macro':
        case 'CallStatement':
        case 'FilterStatement': {
          const keyword = node.type === 'Macro' ? 'macro' : node.type === 'CallStatement' ? 'call' : 'filter';
          takeOpener(node, keyword);
          walk(node.body);
          take('%', `end${keyword}`);
          break;
        }
        case 'Break':
        case 'Continue':
          takeOpener(node, node.type.toLowerCase());
          break;
        case 'StringLiteral':
          // Text and `{{ 'literal' }}` are both string literals; only the latter has a tag.
          if (isLiteralTag(peek(), node.value)) positions.set(node, take('{').position);
          break;
        default:
          positions.set(node, take('{').position);
      }
    }
  };

  try {
    walk(body as readonly AnyNode[]);
  } catch (error) {
    if (!(error instanceof OutOfSync)) throw error;
  }
  return positions;
}

function isLiteralTag(tag: SourceTag | undefined, value: string): boolean {
  if (tag?.kind !== '{') return false;
  try {
    const tokens = tokenize(spellLiteralsForLexer(tag.text));
    const inner = tokens.slice(1, -1);
    return inner.length > 0 && inner.every((t) => t.type === 'StringLiteral') && inner.map((t) => t.value).join('') === value;
  } catch {
    return false;
  }
}
