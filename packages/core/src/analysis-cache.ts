import { analyzeTemplate, type TemplateAnalysis } from '@autoparser/template-analyzer';

const MAX_ENTRIES = 64;
const cache = new Map<string, TemplateAnalysis>();

/**
 * The analysis of a template source, computed once per source (a small LRU: analysis
 * renders the template dozens of times, requests reuse a handful of templates).
 */
export function cachedAnalysis(source: string): TemplateAnalysis {
  let analysis = cache.get(source);
  if (analysis === undefined) {
    analysis = analyzeTemplate(source);
    if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  } else cache.delete(source);
  cache.set(source, analysis);
  return analysis;
}
