// Goes only through the public entry, as a user of the package would.
import { describe, expect, it } from 'vitest';
import * as diffUtils from './index.js';

describe('@autoparser/diff-utils public entry', () => {
  it('exports exactly the documented API', () => {
    expect(Object.keys(diffUtils).sort()).toEqual(
      [
        'afterCommonSuffix',
        'calculateDiffSplit',
        'calculateSegmentDiffSplit',
        'commonPrefix',
        'commonPrefixLength',
        'commonSuffix',
        'commonSuffixLength',
        'extractStructuralPrefix',
        'extractStructuralSuffix',
        'findMarkerSpans',
        'isWhitespace',
        'isWhitespaceOnly',
        'pruneWhitespaceSegments',
        'segmentizeMarkers',
        'textAfter',
        'textBefore',
        'trimLeadingWhitespace',
        'trimTrailingNewlines',
        'trimTrailingWhitespace',
        'trimWhitespace',
        'untilCommonPrefix',
      ].sort(),
    );
  });

  it('finds a tool-call section between two renders and its markers', () => {
    const noTools = '<|im_start|>assistant\nHello<|im_end|>\n';
    const tools = '<|im_start|>assistant\nHello\n<tool_call>\n{"name": "f", "arguments": {}}\n</tool_call><|im_end|>\n';
    const { prefix, left, right, suffix } = diffUtils.calculateDiffSplit(noTools, tools);
    expect([prefix, left, suffix]).toEqual(['<|im_start|>assistant\nHello', '', '<|im_end|>\n']);
    expect(diffUtils.extractStructuralPrefix(right)).toBe('\n<tool_call>\n');
    expect(diffUtils.extractStructuralSuffix(right)).toBe('\n</tool_call>');
    expect(diffUtils.segmentizeMarkers(right).filter((s) => s.type === 'marker')).toHaveLength(2);
  });
});
