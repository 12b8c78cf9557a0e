import { describe, expect, it } from 'vitest';
import { TemplateRenderError } from './errors.js';
import { RenderBudget } from './render-limits.js';
import { run, thrown } from './test-support/engine.js';

function limitOf(error: unknown): string | undefined {
  return TemplateRenderError.isInstance(error) && error.code === 'limit' ? error.limit : undefined;
}

describe('render limits', () => {
  it('stops an endless loop on its step budget (not on the clock)', () => {
    // The time budget is out of reach, so only the step count can stop the loop.
    const error = thrown(() =>
      run('{% for i in range(100000) %}{% for j in range(100000) %}{{ i }}{% endfor %}{% endfor %}', {}, { maxOutputLength: 1e9, timeoutMs: 1e9, maxSteps: 200_000 }),
    );
    expect(limitOf(error)).toBe('steps');
  });

  it('stops on the time budget when that runs out first, reading the clock every 1024 steps', () => {
    // A clock that moves 10 ms per reading: the 50 ms budget runs out at the sixth check.
    let now = 0;
    const budget = new RenderBudget({ maxSteps: 1e12, timeoutMs: 50 }, () => (now += 10));
    let steps = 0;
    const error = thrown(() => {
      for (;;) {
        budget.step();
        steps++;
      }
    });
    expect(limitOf(error)).toBe('time');
    expect(steps).toBe(6 * 1024 - 1);
  });

  it('stops a runaway loop within one second by default: a typed time error, checked on the clock', () => {
    // A clock that moves 100 ms per reading: the default budget (1 s) runs out at the
    // eleventh check, long before the step cap.
    let now = 0;
    const budget = new RenderBudget({}, () => (now += 100));
    let steps = 0;
    const error = thrown(() => {
      for (;;) {
        budget.step();
        steps++;
      }
    });
    expect(limitOf(error)).toBe('time');
    expect(TemplateRenderError.isInstance(error) && error.message).toMatch(/render exceeded 1000 ms/);
    expect(steps).toBe(11 * 1024 - 1);
  });

  it('stops a nested runaway loop under the default limits with a typed limit error', () => {
    const error = thrown(() => run('{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}'));
    expect(TemplateRenderError.isInstance(error) && error.code).toBe('limit');
    expect(['time', 'steps']).toContain(limitOf(error));
  });

  it('gives a render the time budget it is given', () => {
    // With an unreachable step budget, only the clock stops this loop (a real render of 1e12 steps).
    const error = thrown(() => run('{% for i in range(1000000) %}{% for j in range(1000000) %}{% endfor %}{% endfor %}', {}, { maxSteps: 1e12, timeoutMs: 1 }));
    expect(TemplateRenderError.isInstance(error) && error.message).toMatch(/render exceeded 1 ms/);
  });

  it('refuses to materialise a huge range', () => {
    expect(limitOf(thrown(() => run('{{ range(10 ** 12) | length }}')))).toBe('steps');
  });

  it('stops output growing past the size limit', () => {
    expect(limitOf(thrown(() => run('{% for i in range(2000) %}{{ "x" * 1000 }}{% endfor %}')))).toBe('output');
    expect(limitOf(thrown(() => run('{{ "x" * 100000000 }}')))).toBe('output');
    expect(limitOf(thrown(() => run('{{ "ab" }}', {}, { maxOutputLength: 1 })))).toBe('output');
  });

  it('stops runaway recursion with a depth error', () => {
    const error = thrown(() => run('{% macro f(n) %}{{ f(n + 1) }}{% endmacro %}{{ f(0) }}'));
    expect(limitOf(error)).toBe('depth');
  });

  it('lets a bounded recursion through', () => {
    expect(run('{% macro f(n) %}{% if n > 0 %}{{ n }}{{ f(n - 1) }}{% endif %}{% endmacro %}{{ f(5) }}')).toBe('54321');
  });
});
