import { schemaValueKinds } from '@autoparser/chat-mapper';
import type { JsonValue } from '@autoparser/peg-core';

/**
 * Whether a value of this JSON schema can be a string: such arguments are written raw by
 * tagged-argument models, everything else as JSON. A schema without a type or other
 * constraint accepts strings too. (chat-mapper's `schemaValueKinds`, which formats use too.)
 */
export function mayBeString(schema: JsonValue | undefined): boolean {
  return schemaValueKinds(schema).string;
}
