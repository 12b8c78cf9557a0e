import { describe, expect, it } from 'vitest';
import { onlyMarkers } from './arena-markers.js';

const markers = ['[TOOL_CALLS]', '[CALL_ID]', '[ARGS]', 'get_weather', '"id"'];

describe('onlyMarkers', () => {
  it('takes whole markers, punctuation and one marker cut short at the end as markers being written', () => {
    expect(onlyMarkers('[TOOL_CALLS]get_wea', markers)).toBe(true);
    expect(onlyMarkers(', "i', markers)).toBe(true);
    expect(onlyMarkers('[TOOL_CALLS]get_weather[CALL_ID]', markers)).toBe(true);
    expect(onlyMarkers('  ', markers)).toBe(true);
  });

  it('takes anything else as text: an id, a broken marker, arguments', () => {
    expect(onlyMarkers('[TOOL_CALLS]get_weather[CALL_ID]00000000ARGS]{"city": "Paris"}', markers)).toBe(false);
    expect(onlyMarkers('[TOOL_CALLS]get_weather[CALL_ID]abc', markers)).toBe(false);
    expect(onlyMarkers('Sure, here', markers)).toBe(false);
  });
});
