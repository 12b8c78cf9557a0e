// Feedback loop, not a test: runs chat-cases.jsonl through the built façade and prints
// parse/stream/grammar pass counts per template. Usage: pnpm build && pnpm smoke [--all] [--verbose] [filter]
import { readFileSync } from 'node:fs';
import { createChatParser, parseChatRequest } from '../dist/index.js';
import { accumulateDeltas } from '@autoparser/chat-mapper';
import { matchGbnf, parseGbnf } from '@autoparser/gbnf-emitter';

const shared = new URL('../../../../shared/', import.meta.url);
const args = process.argv.slice(2);
const all = args.includes('--all');
const verbose = args.includes('--verbose');
const filter = args.find((a) => !a.startsWith('--'));
const lines = (file) => readFileSync(new URL(`conformance/${file}`, shared), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
const specialized = new Map(lines('template-analysis.jsonl').map((r) => [r.template, r.specialized]));
const cases = lines('chat-cases.jsonl').filter((c) => (all || specialized.get(c.template) === false) && (!filter || c.id.includes(filter)));

const norm = (m) => ({
  content: (m.content ?? '').trim(),
  reasoning: (m.reasoning_content ?? '').trim(),
  calls: (m.tool_calls ?? []).map((c) => {
    let args = c.function.arguments;
    try { args = JSON.stringify(JSON.parse(args)); } catch { /* compare as text */ }
    return { name: c.function.name, id: c.id ?? '', args };
  }),
});
const same = (a, b) => JSON.stringify(norm(a)) === JSON.stringify(norm(b));
const exact = (a, b) => JSON.stringify({ ...norm(a), content: a.content ?? '', reasoning: a.reasoning_content ?? '' }) ===
  JSON.stringify({ ...norm(b), content: b.content ?? '', reasoning: b.reasoning_content ?? '' });

const stats = new Map();
const totals = { n: 0, parse: 0, stream: 0, grammar: 0, prompt: 0 };
for (const c of cases) {
  const row = stats.get(c.template) ?? { n: 0, parse: 0, stream: 0, grammar: 0, prompt: 0 };
  stats.set(c.template, row);
  row.n++; totals.n++;
  const source = readFileSync(new URL(`templates/${c.template}`, shared), 'utf8');
  let parser;
  const read = parseChatRequest(c.params);
  if (!read.ok) { if (verbose) console.log(c.id, 'REQUEST', read.problems.map((p) => p.message).join('; ')); continue; }
  try { parser = createChatParser(source, read.request); } catch (e) { if (verbose) console.log(c.id, 'CREATE', e.message); continue; }
  const ok = (k) => { row[k]++; totals[k]++; };
  if (parser.prompt === c.reference.prompt) ok('prompt');
  const got = parser.parse(c.input, { partial: c.is_partial });
  if (same(got, c.expect)) ok('parse');
  else if (verbose) console.log(c.id, 'PARSE', JSON.stringify(got).slice(0, 400), '\n   want', JSON.stringify(c.expect).slice(0, 400));
  // stream
  let acc = { role: 'assistant', content: '' };
  const session = parser.stream();
  let streamOk = true;
  let offset = 0;
  for (const ch of c.input) {
    offset += ch.length;
    acc = accumulateDeltas(session.push(ch), acc);
    const cur = parser.parse(c.input.slice(0, offset), { partial: true });
    if (!exact(acc, cur)) { streamOk = false; if (verbose) console.log(c.id, 'STREAM at', offset, JSON.stringify(cur).slice(0, 300), '\n   acc', JSON.stringify(acc).slice(0, 300)); break; }
  }
  if (streamOk && !c.is_partial) {
    const fin = session.finish();
    if (!same(fin, c.expect)) { streamOk = false; if (verbose) console.log(c.id, 'STREAM final'); }
  }
  if (streamOk && same(acc, c.expect) || (streamOk && !c.is_partial)) ok('stream');
  // grammar
  let gOk = true;
  if (parser.grammar !== '' && !c.is_partial) {
    try {
      const g = parseGbnf(parser.grammar);
      const text = c.reference.generation_prompt + c.input;
      let from = 0;
      if (parser.grammarLazy) {
        // Word triggers inside a reasoning block do not fire (the reference's rule).
        const end = parser.thinkingEndTag ? text.indexOf(parser.thinkingEndTag) : -1;
        const skip = parser.grammarTriggers.every((t) => t.type === 'word') && end >= 0 ? end : 0;
        const hits = parser.grammarTriggers.map((t) => text.indexOf(t.value, skip)).filter((i) => i >= 0);
        from = hits.length ? Math.min(...hits) : -1;
      }
      if (from >= 0) {
        const r = matchGbnf(g, text.slice(from));
        if (r.status !== 'accepted') { gOk = false; if (verbose) console.log(c.id, 'GRAMMAR', r.status, r.message ?? '', JSON.stringify(text.slice(from)).slice(0, 200)); }
      } else if ((c.expect.tool_calls ?? []).length > 0) { gOk = false; if (verbose) console.log(c.id, 'GRAMMAR never fires'); }
    } catch (e) { gOk = false; if (verbose) console.log(c.id, 'GRAMMAR error', e.message); }
  }
  if (gOk) ok('grammar');
}
for (const [t, r] of stats) console.log(`${t.padEnd(58)} ${r.n}  parse ${r.parse}  stream ${r.stream}  grammar ${r.grammar}  prompt ${r.prompt}`);
console.log(`TOTAL ${totals.n}: parse ${totals.parse}  stream ${totals.stream}  grammar ${totals.grammar}  prompt ${totals.prompt}`);
