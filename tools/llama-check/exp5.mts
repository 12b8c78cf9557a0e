import { createChatParser } from '@autoparser/core';
import { readFileSync } from 'node:fs';
import { GENERATION_TOOLS } from './src/generation-tools.ts';
const tpl = readFileSync('../../../shared/templates/' + process.argv[2], 'utf8');
const p = createChatParser(tpl, { messages: [{ role: 'user', content: 'hi' }], tools: GENERATION_TOOLS, tool_choice: process.argv[3] ?? 'required', parallel_tool_calls: false });
console.log(p.grammarLazy, JSON.stringify(p.grammarTriggers), JSON.stringify(p.generationPrompt), p.preservedTokens);
console.log(p.grammar);
