import { describe, expect, it } from 'vitest';
import { detectTemplateCaps } from './template-caps.js';

const loop = (body: string): string => `{% for m in messages %}${body}{% endfor %}`;

describe('template capability probes', () => {
  it('passes objects to templates that iterate or JSON-encode the arguments', () => {
    const iterates = loop('{% for c in m.tool_calls or [] %}{% for k, v in c.function.arguments | items %}{{ k }}={{ v }}{% endfor %}{% endfor %}');
    expect(detectTemplateCaps(iterates).objectArguments).toBe(true);
    const encodes = loop('{% for c in m.tool_calls or [] %}{{ c.function.arguments | tojson }}{% endfor %}');
    expect(detectTemplateCaps(encodes).objectArguments).toBe(true);
  });

  it('passes JSON text to templates that print the arguments as they are', () => {
    const prints = loop('{% for c in m.tool_calls or [] %}{{ c.function.arguments }}{% endfor %}');
    expect(detectTemplateCaps(prints).objectArguments).toBe(false);
    const guarded = loop('{% for c in m.tool_calls or [] %}{{ c.function.arguments if c.function.arguments is string else c.function.arguments | tojson }}{% endfor %}');
    expect(detectTemplateCaps(guarded).objectArguments).toBe(false);
  });

  it('sees whether a system message is shown', () => {
    expect(detectTemplateCaps(loop('{{ m.content }}')).systemRole).toBe(true);
    expect(detectTemplateCaps(loop("{% if m.role != 'system' %}{{ m.content }}{% endif %}")).systemRole).toBe(false);
    expect(detectTemplateCaps(loop("{% if m.role == 'system' %}{{ raise_exception('no system') }}{% endif %}")).systemRole).toBe(false);
  });

  it('sees which content forms render', () => {
    expect(detectTemplateCaps(loop('{{ m.content }}'))).toMatchObject({ stringContent: true, typedContent: false });
    // A string renders without error here but shows nothing (its first character has no text).
    expect(detectTemplateCaps(loop('{{ m.content[0].text }}'))).toMatchObject({ stringContent: false, typedContent: true });
    expect(detectTemplateCaps(loop("{{ m.content if m.content is string else m.content[0].text }}"))).toMatchObject({ stringContent: true, typedContent: true });
    const partsOnly = loop("{% if m.content is string %}{{ raise_exception('parts only') }}{% endif %}{{ m.content[0].text }}");
    expect(detectTemplateCaps(partsOnly)).toMatchObject({ stringContent: false, typedContent: true });
  });

  it('takes a template that iterates parts and prints nothing of a string for a parts-only one', () => {
    // Idefics2: a string iterates as characters, none of which is a text part.
    const idefics = loop("{{ m.role }}: {% for line in m.content %}{% if line['type'] == 'text' %}{{ line['text'] }}{% endif %}{% endfor %}<end_of_utterance>\n");
    expect(detectTemplateCaps(idefics)).toMatchObject({ stringContent: false, typedContent: true });
  });
});
