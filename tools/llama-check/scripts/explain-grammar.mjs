// Parses the GBNF on stdin with llama.cpp, so that its reason for refusing the grammar (which
// it prints to stderr, out of node-llama-cpp's logger's reach) can be read by the parent.
import { getLlama, LlamaLogLevel } from 'node-llama-cpp';

const llama = await getLlama({ gpu: false, build: 'never', skipDownload: true, progressLogs: false, maxThreads: 1, logLevel: LlamaLogLevel.error, logger: () => {} });
let text = '';
for await (const chunk of process.stdin) text += chunk;
try {
  await llama.createGrammar({ grammar: text });
} catch {
  // The reason is on stderr already.
}
