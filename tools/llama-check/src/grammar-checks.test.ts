import { describe, expect, it } from 'vitest';
import { checkAgreement, checkValidity } from './grammar-checks.js';
import type { GrammarSource } from './grammar-sources.js';
import { createLlamaEngine, type LlamaEngine } from './llama-engine.js';

const source = (id: string, gbnf: string, texts: string[] = []): GrammarSource => ({ id, origin: 'emitted', gbnf, texts });

describe('checkValidity', () => {
  it("counts a grammar llama.cpp refuses as a failure with llama.cpp's own message", async () => {
    const engine = await createLlamaEngine();
    const report = await checkValidity(engine, [source('good', 'root ::= "a"'), source('bad', 'root ::= "a" missing')]);
    expect(report.loaded).toBe(1);
    expect(report.rejected).toBe(1);
    expect(report.failures).toHaveLength(1);
    expect(report.failures[0]?.id).toBe('bad');
    expect(report.failures[0]?.reason).toMatch(/Undefined rule identifier 'missing'/);
  });

  it('counts a grammar the project could not make as a failure', async () => {
    const engine = await createLlamaEngine();
    const report = await checkValidity(engine, [{ id: 'none', origin: 'emitted', gbnf: '', error: 'boom', texts: [] }]);
    expect(report).toEqual({ loaded: 0, rejected: 0, failures: [{ id: 'none', reason: 'no grammar: boom' }] });
  });
});

describe('checkAgreement', () => {
  it('compares both matchers on each text and its mutations', async () => {
    const engine = await createLlamaEngine();
    const report = await checkAgreement(engine, [source('digits', 'root ::= "<" [0-9]+ ">"', ['<12>'])], { mutationsPerText: 1 });
    // The text, one insert, one delete and one cut.
    expect(report.agree + report.disagree).toBe(4);
    expect(report.disagree).toBe(0);
    expect(report.accepted).toBeGreaterThanOrEqual(1);
  });

  it('reports a disagreement with both verdicts and the text', async () => {
    const real = await createLlamaEngine();
    // An engine whose matcher accepts everything disagrees wherever ours refuses.
    const lenient: LlamaEngine = { ...real, accepts: () => true };
    const report = await checkAgreement(lenient, [source('digits', 'root ::= [0-9]', ['5', 'x'])], { mutationsPerText: 0 });
    expect(report.agree).toBe(1);
    expect(report.disagree).toBe(1);
    expect(report.failures[0]?.reason).toBe('llama.cpp accepts, ours refuses "x"');
  });
});
