import { readFileSync } from 'node:fs';
import { createChatParser } from '@autoparser/core';
const SIZE = 32768;
const line = 'The quick brown fox jumps over the lazy dog; Ünïcödé ✓ 😀 and <b>tags</b>.\n';
const prose = line.repeat(Math.ceil(SIZE / line.length)).slice(0, SIZE);
const tool = (name, properties) => ({ type: 'function', function: { name, description: name, parameters: { type: 'object', properties, required: Object.keys(properties) } } });
const output = `<tool_call>\n{"name": "run", "arguments": {"code": ${JSON.stringify(prose)}}}\n</tool_call>`;
const parser = createChatParser(readFileSync('/work/shared/templates/NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use.jinja', 'utf8'), { messages: [{ role: 'user', content: 'Hi' }], tools: [tool('run', { code: { type: 'string' } })] });
for (let k = 0; k < 3; k++) { const t = performance.now(); for (let i = 0; i < 2000; i++) parser.parse(output); console.log(((performance.now() - t) / 2000 * 1000).toFixed(1), 'µs'); }
