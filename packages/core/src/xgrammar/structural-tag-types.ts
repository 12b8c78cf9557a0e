// xgrammar's structural tag, the `format` form (xgrammar ≥ 0.1.25, web-xgrammar 0.1.27), as
// plain data: only the kinds autoparser writes. Arrays are mutable so that a tag passes to
// web-xgrammar's own types as it is.

/** Any text (up to what follows it). */
export interface XgrammarAnyText {
  /** Discriminant. */
  readonly type: 'any_text';
}

/** Text in xgrammar's EBNF dialect (start rule `root`). */
export interface XgrammarGrammarFormat {
  /** Discriminant. */
  readonly type: 'grammar';
  /** The EBNF grammar. */
  readonly grammar: string;
}

/** A JSON value that matches a JSON schema. */
export interface XgrammarJsonSchemaFormat {
  /** Discriminant. */
  readonly type: 'json_schema';
  /** The schema. */
  readonly json_schema: boolean | Readonly<Record<string, unknown>>;
}

/** `begin`, then the content, then `end`. */
export interface XgrammarTag {
  /** Discriminant. */
  readonly type: 'tag';
  /** The text opening the tag. */
  readonly begin: string;
  /** What the tag holds. */
  readonly content: XgrammarAnyText | XgrammarGrammarFormat | XgrammarJsonSchemaFormat;
  /** The text closing the tag (may be empty when the content ends by itself). */
  readonly end: string;
}

/**
 * Free text in which a trigger starts the tag that begins with it. `at_least_one`: a tag must
 * come; `stop_after_first`: the output ends after the first tag.
 */
export interface XgrammarTriggeredTags {
  /** Discriminant. */
  readonly type: 'triggered_tags';
  /** Texts that start a tag; each tag's `begin` starts with one of them. */
  readonly triggers: string[];
  /** The tags. */
  readonly tags: XgrammarTag[];
  /** At least one tag must be written. */
  readonly at_least_one?: boolean;
  /** Nothing may follow the first tag. */
  readonly stop_after_first?: boolean;
}

/** The formats in sequence. */
export interface XgrammarSequence {
  /** Discriminant. */
  readonly type: 'sequence';
  /** The parts, in order. */
  readonly elements: XgrammarStructuralFormat[];
}

/** One of the formats. */
export interface XgrammarOr {
  /** Discriminant. */
  readonly type: 'or';
  /** The choices. */
  readonly elements: XgrammarStructuralFormat[];
}

/** A format of a structural tag, as autoparser writes them. */
export type XgrammarStructuralFormat =
  | XgrammarAnyText
  | XgrammarGrammarFormat
  | XgrammarJsonSchemaFormat
  | XgrammarTag
  | XgrammarTriggeredTags
  | XgrammarSequence
  | XgrammarOr;

/** xgrammar's structural tag (`Grammar.fromStructuralTag`, vLLM's `structural_tag` response format). */
export interface XgrammarStructuralTag {
  /** Discriminant. */
  readonly type: 'structural_tag';
  /** What the whole output must look like. */
  readonly format: XgrammarStructuralFormat;
}
