import { describe, expect, it } from 'vitest';
import { analyzeTemplate } from './analyze-template.js';
import { labelledJsonFields, labelledMarkers } from './labelled-markers.js';
import { JSON_TEMPLATE, TAGGED_TEMPLATE } from './test-support/templates.js';

describe('labelledMarkers and labelledJsonFields', () => {
  it('label the markers that are set, in reading order', () => {
    const analysis = analyzeTemplate(TAGGED_TEMPLATE);
    const markers = labelledMarkers(analysis);
    expect(markers.map(([label]) => label)).toContain('argument name prefix');
    expect(Object.fromEntries(markers)['function name prefix']).toBe(analysis.tools.function.name_prefix);
    expect(markers.every(([, text]) => text !== '')).toBe(true);
    expect(markers.findIndex(([l]) => l === 'reasoning start')).toBeLessThan(markers.findIndex(([l]) => l === 'function name prefix'));
    expect(labelledJsonFields(analysis)).toEqual([]);
  });

  it('name the JSON fields of JSON-native calls', () => {
    const analysis = analyzeTemplate(JSON_TEMPLATE);
    expect(analysis.tools.format.mode).toBe('JSON_NATIVE');
    expect(Object.fromEntries(labelledJsonFields(analysis))).toMatchObject({ 'name field': analysis.tools.format.name_field, 'arguments field': analysis.tools.format.args_field });
  });
});
