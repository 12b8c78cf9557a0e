// The render-stage plugin shapes live in @autoparser/types, so a plugin can be typed without
// depending on the renderer; they are re-exported here under the names users import.
export type { ReasoningTagPair, RenderHooks, RenderJson, RenderMessage, RenderPlugin } from '@autoparser/types';
