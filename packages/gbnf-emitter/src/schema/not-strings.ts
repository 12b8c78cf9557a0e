import { gbnfClassChar } from '../gbnf-text.js';

interface TrieNode {
  readonly children: Map<number, TrieNode>;
  end: boolean;
}

function newNode(): TrieNode {
  return { children: new Map(), end: false };
}

function classOf(codes: readonly number[], negatedWithQuote: boolean): string {
  const body = codes
    .map((code, i) => gbnfClassChar(code, { first: i === 0 && !negatedWithQuote, last: i === codes.length - 1 }))
    .join('');
  return negatedWithQuote ? `[^"${body}]` : `[${body}]`;
}

/**
 * A rule body matching any JSON string (followed by space) except the given ones, used for
 * the keys of `additionalProperties` so they cannot repeat a declared property. A trie of the
 * excluded strings decides, character by character, which continuations stay allowed:
 *
 * `notStringsBody(['a'], 'char')` → `["] ( [a] char+ | [^"a] char* )? ["] space`.
 *
 * Built without recursion, so a very long property name cannot exhaust the stack.
 */
export function notStringsBody(strings: readonly string[], charRule: string): string {
  const root = newNode();
  for (const s of strings) {
    let node = root;
    for (const char of s) {
      const code = char.codePointAt(0) ?? 0;
      let child = node.children.get(code);
      if (child === undefined) {
        child = newNode();
        node.children.set(code, child);
      }
      node = child;
    }
    node.end = true;
  }

  let out = '["] ( ';
  if (root.children.size === 0) {
    // Only the empty string is excluded: any non-empty string is fine.
    out += `${charRule}+`;
  } else {
    const stack: { node: TrieNode; codes: number[]; next: number }[] = [];
    const open = (node: TrieNode): void => {
      stack.push({ node, codes: [...node.children.keys()].sort((a, b) => a - b), next: 0 });
    };
    open(root);
    while (stack.length > 0) {
      const frame = stack[stack.length - 1];
      if (frame === undefined) break;
      const code = frame.codes[frame.next];
      if (code !== undefined) {
        if (frame.next > 0) out += ' | ';
        frame.next++;
        out += classOf([code], false);
        const child = frame.node.children.get(code);
        if (child !== undefined && child.children.size > 0) {
          out += ' (';
          open(child);
        } else if (child?.end === true) {
          out += ` ${charRule}+`;
        }
        continue;
      }
      // All children written: any other character, then anything.
      out += ` | ${classOf(frame.codes, true)} ${charRule}*`;
      stack.pop();
      if (stack.length > 0) out += ')';
    }
  }
  return `${out} )${root.end ? '' : '?'} ["] space`;
}
