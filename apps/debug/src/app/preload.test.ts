import { describe, expect, it } from 'vitest';
import { readPreload } from './preload.js';

describe('readPreload', () => {
  it('accepts {name, source} and nothing else', () => {
    expect(readPreload({ name: 'a.jinja', source: '{{ x }}' })).toEqual({ name: 'a.jinja', source: '{{ x }}' });
    expect(readPreload(null)).toBeUndefined();
    expect(readPreload({ name: 'a.jinja' })).toBeUndefined();
    expect(readPreload('text')).toBeUndefined();
  });
});
