import { describe, expect, it } from 'vitest';
import type { ZooConversation } from './conversations.js';
import { compareRenders, outcomeDifference, renderWithEngine, renderWithJinja2 } from './jinja2-differential.js';
import { hasJinja2 } from './test-support.js';

const conversation: ZooConversation = {
  name: 'one',
  variables: { messages: [{ role: 'user', content: 'Zürich "x"' }], bos_token: '<s>', add_generation_prompt: true },
};

// Leans on everything transformers' environment adds: trim/lstrip blocks, loop controls,
// the non-ASCII tojson, strftime_now, and the generation block.
const HF_FEATURES = `{{ bos_token }}
  {% for m in messages %}
    {% if loop.index > 5 %}{% break %}{% endif %}
{% generation %}{{ m.content | tojson }}{% endgeneration %}
  {% endfor %}
{{ strftime_now('%d %b %Y') }}`;

describe.skipIf(!hasJinja2)('renderWithJinja2 (python3 with jinja2)', () => {
  it('renders in transformers\' environment, byte-equal to our engine', () => {
    const batch = renderWithJinja2([{ id: 'hf', source: HF_FEATURES }], [conversation]);
    expect(batch.ok).toBe(true);
    if (!batch.ok) return;
    const result = batch.results.get('hf');
    // trim_blocks eats the newline after each block tag, lstrip_blocks the indent before one.
    expect(result).toEqual({ renders: { one: { text: '<s>\n"Zürich \\"x\\""15 Jan 2026' } } });
    expect(compareRenders(HF_FEATURES, result, [conversation])).toEqual({ equal: true, differences: [] });
  });

  it('reports a template Jinja2 rejects, and a raise_exception as a render error', () => {
    const batch = renderWithJinja2(
      [
        { id: 'broken', source: '{% for %}' },
        { id: 'raises', source: "{{ raise_exception('nope') }}" },
      ],
      [conversation],
    );
    if (!batch.ok) throw new Error(batch.reason);
    const broken = batch.results.get('broken');
    expect(broken).toMatchObject({ rejects: expect.stringMatching(/^TemplateSyntaxError: /) as unknown });
    expect(compareRenders('{% for %}', broken, [conversation])).toMatchObject({ equal: false, jinja2Rejects: expect.any(String) as unknown });
    expect(batch.results.get('raises')).toEqual({ renders: { one: { error: 'TemplateError: nope' } } });
    // Failing on both sides is agreement.
    expect(compareRenders("{{ raise_exception('nope') }}", batch.results.get('raises'), [conversation]).equal).toBe(true);
  });

  it('says why when the python cannot run', () => {
    const batch = renderWithJinja2([{ id: 'x', source: '' }], [conversation], '/nonexistent/python3');
    expect(batch).toMatchObject({ ok: false, reason: expect.stringContaining('/nonexistent/python3') as unknown });
  });
});

describe('compareRenders', () => {
  it('locates the first differing byte', () => {
    const ours = renderWithEngine('A{{ messages[0].content }}', conversation);
    expect(ours).toEqual({ text: 'AZürich "x"' });
    const result = compareRenders('A{{ messages[0].content }}', { renders: { one: { text: 'AZurich "x"' } } }, [conversation]);
    expect(result.equal).toBe(false);
    expect(result.differences).toEqual(['one: differs at 2: ours "ürich \\"x\\"", Jinja2 "urich \\"x\\""']);
  });

  it('tells which side failed', () => {
    expect(outcomeDifference({ text: 'x' }, { error: 'E' })).toBe('Jinja2 fails (E), ours renders');
    expect(outcomeDifference({ error: 'E' }, { text: 'x' })).toBe('ours fails (E), Jinja2 renders');
    expect(outcomeDifference({ error: 'A' }, { error: 'B' })).toBeUndefined();
  });

  it('knows nothing without a Jinja2 result', () => {
    expect(compareRenders('x', undefined, [conversation]).equal).toBeUndefined();
  });
});
