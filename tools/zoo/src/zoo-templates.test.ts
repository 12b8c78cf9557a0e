import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempZoo } from './test-support.js';
import { loadZooTemplates, sample } from './zoo-templates.js';

afterAll(removeTempDirs);

describe('loadZooTemplates', () => {
  it('finds .jinja files recursively; the family comes from origins.json, else the folder', () => {
    const dir = tempZoo({
      'qwen/a.jinja': 'A',
      'qwen/deeper/b.jinja': 'B',
      'llama/c.jinja': 'C',
      'llama/notes.md': 'not a template',
      'origins.json': JSON.stringify([{ file: 'llama/c.jinja', family: 'meta-llama' }]),
    });
    const templates = loadZooTemplates(dir);
    expect(templates.map((t) => [t.id, t.family])).toEqual([
      ['llama/c.jinja', 'meta-llama'],
      ['qwen/a.jinja', 'qwen'],
      ['qwen/deeper/b.jinja', 'deeper'],
    ]);
    expect(templates[1]?.sha256).toBe('559aead08264d5795d3909718cdd05abd49572e84fe55590eef31a88a08fdffd');
  });

  it('names a flat folder\'s templates after the folder, and finds none in a missing one', () => {
    const dir = tempZoo({ 'x.jinja': 'X' });
    expect(loadZooTemplates(dir)[0]?.family).toBe(dir.split('/').at(-1));
    expect(loadZooTemplates(`${dir}/missing`)).toEqual([]);
  });
});

describe('sample', () => {
  const items = Array.from({ length: 50 }, (_, i) => i);

  it('draws N distinct items in their order, the same for a seed', () => {
    const drawn = sample(items, 10, 7);
    expect(drawn).toHaveLength(10);
    expect(new Set(drawn).size).toBe(10);
    expect([...drawn].sort((a, b) => a - b)).toEqual(drawn);
    expect(sample(items, 10, 7)).toEqual(drawn);
    expect(sample(items, 10, 8)).not.toEqual(drawn);
  });

  it('keeps everything when N is not smaller', () => {
    expect(sample(items, 80, 1)).toEqual(items);
  });
});
