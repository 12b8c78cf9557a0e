import type { RecoveryRuleId } from '@autoparser/types';

/** Why a parse result is not a clean reading of the output. */
export interface ParseWarning {
  /**
   * `unparsed`: the output does not follow the template's format from `offset` on (unknown
   * tool, invalid arguments, stray text); what reads before it is kept (an unfinished call
   * excepted) and the rest is content, as a stream sends it; a strict parser returns the
   * whole output as content.
   * `truncated`: a complete output ended inside a construct (unclosed tag, JSON, call); the
   * message is what was read so far. `mapping`: the tree was odd (e.g. a duplicate
   * argument); the message is still returned. `recovered`: the output strayed from the
   * canonical format and a named recovery (`rule`) read it anyway (never in strict mode).
   * `rejected`: a tool call only a recovery could read names no declared tool or has
   * arguments that do not fit the tool's schema, so the text from `offset` on (that call
   * and what follows) is content.
   */
  code: 'unparsed' | 'truncated' | 'mapping' | 'recovered' | 'rejected';
  /** For `recovered`: the recovery rule that applied (a stable code; see `recoveryRules`). */
  rule?: RecoveryRuleId;
  /** Offset in the output (UTF-16) where the problem was found. */
  offset: number;
  /** A readable explanation. */
  message: string;
}
