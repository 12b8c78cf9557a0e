import { describe, expect, it } from 'vitest';
import { DEFAULT_REQUEST, readRequest } from './read-request.js';

describe('readRequest', () => {
  it('reads the default request back', () => {
    expect(readRequest(JSON.stringify(DEFAULT_REQUEST))).toEqual({ ok: true, request: DEFAULT_REQUEST });
  });

  it('says why a request cannot be used', () => {
    const bad = readRequest('{"messages": [');
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.message).toMatch(/^invalid JSON: /);
    expect(readRequest('[1]')).toEqual({ ok: false, message: 'the request must be a JSON object' });
    expect(readRequest('{"tools": []}')).toEqual({ ok: false, message: '"messages" must be an array' });
  });
});
