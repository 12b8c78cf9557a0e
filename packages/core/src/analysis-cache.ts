import { analyzeTemplate, type TemplateAnalysis } from '@autoparser/template-analyzer';
import type { WorkaroundPlugin } from '@autoparser/workarounds';

/**
 * The analysis of a template source under `plugins` (the analyzer caches it per source
 * and plugin list).
 */
export function cachedAnalysis(source: string, plugins?: readonly WorkaroundPlugin[]): TemplateAnalysis {
  return plugins === undefined ? analyzeTemplate(source) : analyzeTemplate(source, { plugins });
}
