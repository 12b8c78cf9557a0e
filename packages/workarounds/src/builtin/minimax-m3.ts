import type { WorkaroundPlugin } from '../plugin.js';
import { MINIMAX_NS, minimaxM3Format } from './minimax-m3/xml-format.js';

/**
 * MiniMax-M3 writes calls as XML elements each prefixed with the `]<]minimax[>[` token,
 * and expands object and array arguments recursively into nested elements
 * (`NS<options>NS<unit>celsius NS</unit>NS</options>`, `NS<item>…`). The general analysis
 * reads arguments as one flat value per name; no analysis of markers can turn nested
 * elements into JSON objects, so a dedicated format reads them by the tools' schemas.
 */
export const minimaxM3Plugin: WorkaroundPlugin = {
  name: 'minimax-m3',
  description: 'MiniMax-M3: ]<]minimax[>[-prefixed <invoke name=…> calls whose object and array arguments are nested XML elements.',
  matches: (source) => source.includes(MINIMAX_NS) && source.includes('<invoke name="'),
  format: minimaxM3Format,
};
