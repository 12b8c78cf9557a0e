import type { ProbeMessage } from './probe-renderer.js';

/*
 * Needles: distinctive strings the probes put into messages so that their place in a
 * rendered prompt can be found again. Each is unlikely to occur in any template.
 */

/** Name of the first probe function. */
export const FUN_FIRST = 'FFF_FIRST_FUN_F';
/** Name of the second probe function. */
export const FUN_SECOND = 'SSS_SECOND_FUN_S';
/** Name of the first probe argument. */
export const ARG_FIRST = 'AA_ARG_FST_AA';
/** Name of the second probe argument. */
export const ARG_SECOND = 'BB_ARG_SND_BB';
/** Content of the probe user message. */
export const USER_MSG = 'U_USER_MSG Hello END_U';
/** Content of a second probe user message. */
export const USER_MSG_TWO = 'V_USER_MSG Hello END_V';
/** Content of the probe assistant message. */
export const ASSISTANT_MSG = 'A_ASST_MSG I can help END_A';
/** Probe reasoning content. */
export const THINKING_CONTENT = 'REASON_PART I am thinking END_R';
/** Id of the first probe call. */
export const CALL_ID_001 = 'call00001';
/** Id of the second probe call. */
const CALL_ID_002 = 'call00002';
/** An id that differs from {@link CALL_ID_001} only in its digits. */
export const CALL_ID_999 = 'call99999';

const PARAMS_SCHEMA = {
  type: 'object',
  properties: {
    [ARG_FIRST]: { type: 'string', description: 'First argument' },
    [ARG_SECOND]: { type: 'string', description: 'Second argument' },
  },
  required: [],
};

/** Two probe tools with the same two string parameters. */
export const PROBE_TOOLS: readonly ProbeMessage[] = [
  { type: 'function', function: { name: FUN_FIRST, description: 'Test function foo', parameters: PARAMS_SCHEMA } },
  { type: 'function', function: { name: FUN_SECOND, description: 'Test function bar', parameters: PARAMS_SCHEMA } },
];

/** A tool call of `name` with object `args`. */
export function toolCall(name: string, args: Readonly<Record<string, unknown>>, id = CALL_ID_001): ProbeMessage {
  return { id, type: 'function', function: { name, arguments: args } };
}

/** The probe user message. */
export const USER_MESSAGE: ProbeMessage = { role: 'user', content: USER_MSG };

/** An assistant message with plain content. */
export const ASSISTANT_MESSAGE: ProbeMessage = { role: 'assistant', content: ASSISTANT_MSG };

/** An assistant message that only calls `calls`. */
export function assistantCalling(...calls: ProbeMessage[]): ProbeMessage {
  return { role: 'assistant', content: '', tool_calls: calls };
}

/** The usual call: first function, both arguments. */
export const FIRST_CALL = toolCall(FUN_FIRST, { [ARG_FIRST]: 'XXXX', [ARG_SECOND]: 'YYYY' });
/** The same call to the second function, with the second id. */
export const SECOND_CALL = toolCall(FUN_SECOND, { [ARG_FIRST]: 'XXXX', [ARG_SECOND]: 'YYYY' }, CALL_ID_002);
/** {@link FIRST_CALL} with another id. */
export const FIRST_CALL_ALT_ID = toolCall(FUN_FIRST, { [ARG_FIRST]: 'XXXX', [ARG_SECOND]: 'YYYY' }, CALL_ID_999);
/** First function, no arguments. */
export const FIRST_CALL_NO_ARGS = toolCall(FUN_FIRST, {});
/** First function, first argument only. */
export const FIRST_CALL_ONE_ARG = toolCall(FUN_FIRST, { [ARG_FIRST]: 'XXXX' });
/** First function, first argument with another value. */
export const FIRST_CALL_OTHER_VALUE = toolCall(FUN_FIRST, { [ARG_FIRST]: 'YYYY' });
/** First function, second argument only. */
export const FIRST_CALL_OTHER_ARG = toolCall(FUN_FIRST, { [ARG_SECOND]: 'YYYY' });
