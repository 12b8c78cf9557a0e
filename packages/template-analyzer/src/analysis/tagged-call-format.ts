import { FUN_FIRST } from './probe-data.js';
import { matchAnywhere, tagText } from './tagged-match.js';
import type { ToolsDraft } from './tools-draft.js';

/**
 * Tag-based calls: finds whether the function name sits inside a `<…>` or `[…]` tag,
 * then reads up to two opening markers (section, call) before the name and up to two
 * closing markers at the end of the call.
 */
export function analyzeTaggedFormat(section: string, tools: ToolsDraft): void {
  const format = tools.format;
  const funMatch = matchAnywhere('t1-fun-marker', section, (p) =>
    p.tag(
      'fun_marker',
      p.choice(
        p.sequence(
          p.tag('fun_pre', p.sequence('<', p.untilOneOf(['>', FUN_FIRST]))),
          FUN_FIRST,
          p.tag('fun_post', p.sequence(p.negate(p.sequence(p.space(), '<')), p.until('>'), '>')),
          p.space(),
        ),
        p.sequence(
          p.tag('fun_pre', p.sequence('[', p.untilOneOf([']', FUN_FIRST]))),
          FUN_FIRST,
          p.tag('fun_post', p.sequence(p.negate(p.sequence(p.space(), '[', p.until(']'), ']')), p.space())),
        ),
      ),
    ),
  );
  const funMarker = funMatch.ok ? tagText(funMatch, 'fun_marker') : FUN_FIRST;
  const key = JSON.stringify(funMarker);

  let opening = matchAnywhere(`t1-two-openers-${key}`, section, (p, marker) =>
    p.sequence(
      p.tag('sec_start', p.sequence(marker(), p.space())),
      p.tag('call_start', p.sequence(marker(), p.space())),
      p.tag('fun_pre', p.until(funMarker)),
      funMarker,
      p.tag('rest', p.rest()),
    ),
  );
  let closing;
  if (opening.ok) {
    closing = matchAnywhere('t1-two-closers', tagText(opening, 'rest'), (p, marker) =>
      p.sequence(
        p.tag('call_end', p.sequence(marker(), p.space())),
        p.tag('sec_end', p.sequence(marker(), p.space())),
        p.end(),
      ),
    );
    tools.function.name_prefix = tagText(funMatch, 'fun_pre') + tools.function.name_prefix;
  } else {
    opening = matchAnywhere(`t1-one-opener-${key}`, section, (p, marker) =>
      p.sequence(p.tag('sec_start', p.sequence(marker(), p.space())), funMarker, p.tag('rest', p.rest())),
    );
    closing = matchAnywhere('t1-one-closer', tagText(opening, 'rest'), (p, marker) =>
      p.sequence(p.tag('sec_end', p.sequence(marker(), p.space())), p.end()),
    );
  }
  format.per_call_start = tagText(opening, 'call_start');
  format.per_call_end = tagText(closing, 'call_end');
  format.section_start = tagText(opening, 'sec_start');
  format.section_end = tagText(closing, 'sec_end');
}
