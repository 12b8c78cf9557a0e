import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { defineChatSessionFunction, LlamaChatSession, type ChatHistoryItem } from 'node-llama-cpp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AutoparserChatWrapper } from './autoparser-chat-wrapper.js';
import { loadTinyModel, SET_ALARM_PARAMS, type TinyModel } from './tiny-model-support.js';

const TEMPLATES = fileURLToPath(new URL('../../../../shared/templates/', import.meta.url));
const validAlarm = new Ajv({ strict: false }).compile(SET_ALARM_PARAMS);

describe.each(['Qwen-Qwen3-0.6B.jinja', 'ibm-granite-granite-4.0.jinja', 'meta-llama-Llama-3.1-8B-Instruct.jinja', 'NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use.jinja'])('LlamaChatSession with %s', (templateFile) => {
  let tiny: TinyModel;
  beforeAll(async () => {
    tiny = await loadTinyModel(TEMPLATES + templateFile);
  });
  afterAll(async () => {
    await tiny.close();
  });

  it('calls the function with schema-valid parameters and continues after its result', async () => {
    const chatWrapper = new AutoparserChatWrapper({ template: tiny.template });
    expect(chatWrapper.functionCalls.ok).toBe(true);
    const calls: unknown[] = [];
    const functions = {
      set_alarm: defineChatSessionFunction({
        description: 'Sets an alarm.',
        params: SET_ALARM_PARAMS,
        handler(params) {
          calls.push(params);
          return 'The alarm is set.';
        },
      }),
    };
    // A random model may end its answer before it writes a call: a few seeded samples, each a fresh session.
    let history: ChatHistoryItem[] = [];
    for (let seed = 1; seed <= 6 && calls.length === 0; seed++) {
      const context = await tiny.model.createContext({ contextSize: 4096, threads: 1 });
      try {
        const session = new LlamaChatSession({ contextSequence: context.getSequence(), chatWrapper });
        await session.prompt('Wake me at seven.', { functions, maxTokens: 400, seed, temperature: 0.8 });
        history = session.getChatHistory();
      } finally {
        await context.dispose();
      }
    }
    expect(calls.length).toBeGreaterThan(0);
    for (const params of calls) expect(validAlarm(params), JSON.stringify(params)).toBe(true);
    // The response holds the call with its result, and the model wrote on after it.
    const response = history.at(-1);
    const items = response?.type === 'model' ? response.response : [];
    const callAt = items.findIndex((item) => typeof item !== 'string' && item.type === 'functionCall');
    expect(items[callAt]).toMatchObject({ type: 'functionCall', name: 'set_alarm', result: 'The alarm is set.' });
    expect(items.length).toBeGreaterThan(callAt + 1);
  });
});
