#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { createChatParser } from '@autoparser/core';
import { GENERATION_TOOLS } from './generation-tools.js';
import { parserMarkers, writeTinyModel } from './tiny-model.js';

const USAGE = `usage: tiny-model --template <file.jinja> --out <file.gguf> [--seed N] [--marker TEXT]...
  Writes a tiny llama model with random weights, a byte-level vocabulary, the template's
  markers as tokens (from autoparser's parser for a request with tools, plus any --marker)
  and the template embedded as tokenizer.chat_template.`;

function main(argv: readonly string[]): void {
  let template: string | undefined;
  let out: string | undefined;
  let seed = 1;
  const markers: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = argv[i + 1];
    if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      return;
    }
    if (value === undefined) throw new Error(`${arg ?? ''} needs a value`);
    i++;
    if (arg === '--template') template = value;
    else if (arg === '--out') out = value;
    else if (arg === '--marker') markers.push(value);
    else if (arg === '--seed' && Number.isInteger(Number(value))) seed = Number(value);
    else throw new Error(`unknown argument ${JSON.stringify(arg)}`);
  }
  if (template === undefined || out === undefined) throw new Error('--template and --out are required');
  const source = readFileSync(template, 'utf8');
  const parser = createChatParser(source, { messages: [{ role: 'user', content: 'Hello' }], tools: GENERATION_TOOLS });
  const vocabulary = writeTinyModel(out, { template: source, markers: [...parserMarkers([parser]), ...markers], seed });
  console.error(`wrote ${out}: ${vocabulary.tokens.length} tokens (${vocabulary.markers.size} markers: ${[...vocabulary.markers.keys()].join(' ')})`);
}

try {
  main(process.argv.slice(2));
} catch (error) {
  console.error(`tiny-model: ${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  process.exitCode = 2;
}
