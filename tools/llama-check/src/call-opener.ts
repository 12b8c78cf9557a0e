import { analyzeTemplate, createChatParser, extractOutput, grammarStart, renderParamsOf, type ChatRequest } from '@autoparser/core';

/**
 * What a template writes from a call's trigger up to the function's name (e.g.
 * `<tool_call>\n{"name": "` for Hermes), from its own rendering of a call of the first tool
 * (arguments `{}`); `undefined` when that cannot be cut out. Made one token of a tiny model,
 * it lets a random model start a call: it would otherwise spell the opener byte by byte only
 * by rare chance, while the grammar allows free text before a call.
 */
export function callOpener(template: string, tools: NonNullable<ChatRequest['tools']>): string | undefined {
  const name = tools[0]?.function.name;
  if (name === undefined) return undefined;
  const request: ChatRequest = { messages: [{ role: 'user', content: 'Hello' }], tools, tool_choice: 'auto' };
  const parser = createChatParser(template, request);
  const analysis = analyzeTemplate(template);
  const call = { id: 'call00001', type: 'function' as const, function: { name, arguments: '{}' } };
  const answer = { role: 'assistant' as const, content: analysis.content.requires_nonnull_content ? '' : null, tool_calls: [call] };
  const extracted = extractOutput(template, renderParamsOf(request), answer, { ...parser, assistantStart: analysis.assistant_start });
  if (!extracted.ok) return undefined;
  const text = parser.generationPrompt + extracted.output;
  const start = grammarStart(text, parser.grammarTriggers, parser.generationPrompt.length) ?? parser.generationPrompt.length;
  const at = text.indexOf(name, start);
  return at > start ? text.slice(start, at).trimStart() : undefined;
}
