import type { WorkaroundPlugin } from '../plugin.js';
import { XTML, kimiK3Format } from './kimi-k3/xtml-format.js';

/** Kimi K3's templates write every message as XTML tags: `<|open|>NAME attrs<|sep|>` … `<|close|>NAME<|sep|>`. */
const isKimiK3 = (source: string): boolean => source.includes(XTML.open) && source.includes(XTML.close) && source.includes(XTML.sep);

/**
 * Kimi K3 writes an answer as XTML tags — `think`, `response`, and `tools` holding
 * `call tool="NAME" index="N"` tags of typed `argument` tags — which the general analysis
 * reads as text around one open tag: the generation prompt opens the tag the model
 * continues, and each call is a tag of its own.
 */
export const kimiK3Plugin: WorkaroundPlugin = {
  name: 'kimi-k3',
  description: 'Kimi K3 XTML: <|open|>think/response/tools tags, calls as <|open|>call tool="NAME" index="N"<|sep|> with typed argument tags.',
  matches: (source) => isKimiK3(source),
  format: kimiK3Format,
};
