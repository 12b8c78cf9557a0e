import type { ToolsAnalysis } from './analysis-types.js';
import { createEmptyAnalysis } from './empty-analysis.js';

/**
 * Tool analysis while it is being built: the published fields plus what the phases pass
 * to each other but the result does not carry.
 */
export interface ToolsDraft extends ToolsAnalysis {
  /** Text between a tagged function name and its first argument (trimmed); feeds the preserved tokens. */
  argsSeparator: string;
}

/** A draft with nothing found. */
export function emptyToolsDraft(): ToolsDraft {
  return { ...createEmptyAnalysis().tools, argsSeparator: '' };
}
