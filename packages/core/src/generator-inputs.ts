import type { FormatRequest } from '@autoparser/chat-mapper';

/** What the parser generator needs from a request, already normalised. */
export type GeneratorInputs = FormatRequest;
