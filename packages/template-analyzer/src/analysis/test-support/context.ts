import { templateRenderer } from '../template-renderer.js';
import { ProbeContext } from '../probe-context.js';
import { emptyToolsDraft, type ToolsDraft } from '../tools-draft.js';

/** A probe context over `source`, rendered with the default probe renderer. */
export function contextOf(source: string): ProbeContext {
  return new ProbeContext(source, templateRenderer);
}

/** An empty tools draft set to `mode`. */
export function draftWith(mode: ToolsDraft['format']['mode']): ToolsDraft {
  const draft = emptyToolsDraft();
  draft.format.mode = mode;
  return draft;
}
