import type { ChatParser } from '@autoparser/core';
import { dump } from '@autoparser/peg-core';
import { el } from './dom.js';

function block(title: string, id: string, text: string, empty = '—'): HTMLElement {
  return el('div', { class: 'block' }, el('h3', {}, title), el('pre', { id, class: 'code-block scroll' }, text === '' ? empty : text));
}

/** The prompt, grammar settings, GBNF and parser dump for the request. */
export function parserNodes(parser: ChatParser): HTMLElement[] {
  const triggers = parser.grammarTriggers.map((t) => JSON.stringify(t)).join('\n');
  return [
    el(
      'dl',
      { class: 'facts' },
      el('dt', {}, 'format'),
      el('dd', { id: 'format-plugin' }, parser.formatPlugin === undefined ? 'general (from the analysis)' : `dedicated: plugin ${parser.formatPlugin}`),
      el('dt', {}, 'parsing'),
      el(
        'dd',
        { id: 'parsing-mode', attrs: { 'data-strict': String(parser.strict) } },
        parser.strict ? 'strict: the canonical format only, no recoveries' : 'lenient: named recoveries read output off the format (each a recovered warning)',
      ),
      el('dt', {}, 'grammar'),
      el('dd', {}, parser.grammar === '' ? 'none (free text)' : parser.grammarLazy ? 'lazy: applies from a trigger on' : 'always applies'),
      el('dt', {}, 'triggers'),
      el('dd', {}, el('pre', { id: 'grammar-triggers', class: 'inline' }, triggers === '' ? '—' : triggers)),
      el('dt', {}, 'preserved tokens'),
      el('dd', { class: 'mono' }, parser.preservedTokens.length === 0 ? '—' : parser.preservedTokens.map((t) => JSON.stringify(t)).join(' ')),
      el('dt', {}, 'generation prompt'),
      el('dd', { class: 'mono' }, JSON.stringify(parser.generationPrompt)),
      parser.additionalStops.length > 0 && el('dt', {}, 'extra stops'),
      parser.additionalStops.length > 0 && el('dd', { class: 'mono' }, parser.additionalStops.map((s) => JSON.stringify(s)).join(' ')),
      parser.warnings.length > 0 && el('dt', {}, 'warnings'),
      parser.warnings.length > 0 && el('dd', {}, parser.warnings.join('; ')),
    ),
    block('GBNF', 'grammar', parser.grammar, '(no grammar: the output is free text)'),
    block('Parser (PEG arena dump)', 'parser-dump', dump(parser.arena)),
    block('Prompt', 'prompt', parser.prompt),
  ];
}
