import type { GrammarTrigger } from '@autoparser/chat-mapper';

/**
 * Where a lazy grammar starts to apply in `text` (generation prompt + output), as
 * llama.cpp's sampler and test procedure decide it: `word`/`token` at their first occurrence, `pattern` at its last
 * capture group (or the match), `pattern_full` at the first prefix from `from` on that it
 * matches entirely (first non-empty group, else the match). The earliest wins; the result
 * is never before `from` (a trigger inside the generation prompt means the grammar was on
 * from the start). `undefined` when nothing fires. `since`: the text's first `since`
 * characters were searched already and fired nothing (a generation checking after every
 * token): only triggers that end later are looked for, so each check costs the new text.
 */
export function grammarStart(text: string, triggers: readonly GrammarTrigger[], from: number, since = 0): number | undefined {
  let best: number | undefined;
  for (const trigger of triggers) {
    const at = triggerPosition(text, trigger, from, since);
    if (at !== undefined && (best === undefined || at < best)) best = at;
  }
  return best === undefined ? undefined : Math.max(best, from);
}

function triggerPosition(text: string, trigger: GrammarTrigger, from: number, since: number): number | undefined {
  switch (trigger.type) {
    case 'word':
    case 'token': {
      const at = text.indexOf(trigger.value, Math.max(0, since - trigger.value.length + 1));
      return at < 0 ? undefined : at;
    }
    case 'pattern': {
      const match = new RegExp(trigger.value, 'd').exec(text);
      if (match === null) return undefined;
      const last = match.length - 1;
      return last === 0 ? match.index : (match.indices?.[last]?.[0] ?? text.length);
    }
    case 'pattern_full': {
      const regex = new RegExp(`^(?:${trigger.value})$`, 'd');
      for (let end = since > 0 ? Math.max(from, since + 1) : from; end <= text.length; end++) {
        const match = regex.exec(text.slice(0, end));
        if (match === null) continue;
        for (let group = 1; group < match.length; group++) {
          const span = match.indices?.[group];
          if (span !== undefined && span[1] > span[0]) return span[0];
        }
        return match.index;
      }
      return undefined;
    }
  }
}
