import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultDataDir, defaultTemplateDir } from '@autoparser/conformance';
import { createChatParser, toStructuralTag, toXgrammarEbnf, type ChatRequest } from '@autoparser/core';
import { loadXgrammar } from './load-xgrammar.js';
import { ZOO_DIR } from './run-engines-check.js';
import { checkXgrammar } from './xgrammar-check.js';

const xg = loadXgrammar();

async function ebnfAccepts(gbnf: string, text: string): Promise<boolean> {
  const result = toXgrammarEbnf(gbnf);
  if (!result.ok) throw new Error(result.message);
  return xg.Testings.isGrammarAcceptString(await xg.Grammar.fromEBNF(result.ebnf), text);
}

describe('xgrammar (web-xgrammar) on our exports', () => {
  it('compiles every export, accepts every canonical output and rejects every negative', async () => {
    const figures = await checkXgrammar(xg, { dataDir: defaultDataDir, templateDir: defaultTemplateDir, zooDir: ZOO_DIR });
    expect(figures.failures).toEqual([]);
    expect(figures.compiled).toBe(figures.exported);
    expect(figures.accepted + figures.rejected).toBe(figures.total);
    // Chat cases and zoo answers (both exports each) and the acceptance groups' negatives.
    expect(figures.accepted).toBeGreaterThan(2000);
    expect(figures.rejected).toBeGreaterThan(150);
    // Only regular-expression triggers (gpt-oss, Functionary v3.2) and token grammars have no xgrammar form.
    expect(Object.keys(figures.notExpressible).sort()).toEqual(['pattern-trigger', 'token-element']);
  }, 170_000);

  it('reads non-ASCII classes as characters', async () => {
    expect(await ebnfAccepts('root ::= [à-ÿ]+', 'éÿà')).toBe(true);
    expect(await ebnfAccepts('root ::= [à-ÿ]+', 'a')).toBe(false);
    expect(await ebnfAccepts('root ::= [à-ÿ]+', '中')).toBe(false);
    expect(await ebnfAccepts('root ::= [^｜]+ "｜"', 'aé中🔵｜')).toBe(true);
    expect(await ebnfAccepts('root ::= [^｜]+ "｜"', 'a｜b｜')).toBe(false);
    expect(await ebnfAccepts('root ::= .+', 'é🔵\n')).toBe(true);
  });

  it('rejects a call whose arguments break the tool schema, in the structural tag', async () => {
    const template = readFileSync(join(defaultTemplateDir, 'NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use.jinja'), 'utf8');
    const request: ChatRequest = {
      messages: [{ role: 'user', content: 'Weather?' }],
      tools: [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { days: { type: 'integer' } }, required: ['days'] } } }],
    };
    const result = toStructuralTag(createChatParser(template, request), request);
    if (!result.ok) throw new Error(result.message);
    const grammar = await xg.Grammar.fromStructuralTag(result.structuralTag);
    const call = (args: string): string => `Let me check.\n<tool_call>\n{"name": "get_weather", "arguments": ${args}}\n</tool_call>`;
    expect(await xg.Testings.isGrammarAcceptString(grammar, call('{"days": 3}'))).toBe(true);
    expect(await xg.Testings.isGrammarAcceptString(grammar, call('{"days": "three"}'))).toBe(false);
    expect(await xg.Testings.isGrammarAcceptString(grammar, 'No call at all.')).toBe(true);
  });
});
