import type { Grammar, GrammarAlternative, GrammarRule, SourceLocation } from './types.js';

/** Where a rule name was first referenced, for "undefined rule" errors. */
interface FirstReference {
  readonly offset: number;
  readonly fromRule: string;
}

/** Past this many elements in all rules together the grammar is refused rather than built. */
const MAX_TOTAL_ELEMENTS = 4_000_000;

/**
 * The parser's symbol table and rule store. Symbols get ids in order of first mention, as
 * in llama.cpp, because that order drives the names of synthesised rules (`root_3`) and the
 * repetition limit, which counts the symbols a group creates.
 */
export class RuleBook {
  private readonly ids = new Map<string, number>();
  private readonly names: string[] = [];
  private readonly rules: (GrammarRule | undefined)[] = [];
  private readonly references = new Map<number, FirstReference>();
  private elements = 0;

  /** Number of symbols mentioned or synthesised so far. */
  get size(): number {
    return this.names.length;
  }

  /** The id of a written rule name, creating it on first mention. */
  symbol(name: string, reference?: FirstReference): number {
    let id = this.ids.get(name);
    if (id === undefined) {
      id = this.names.length;
      this.ids.set(name, id);
      this.names.push(name);
      this.rules.push(undefined); // keeps the array dense: groups are defined out of order
    }
    if (reference !== undefined && !this.references.has(id)) this.references.set(id, reference);
    return id;
  }

  /** A fresh symbol for a group or repetition of `base`, named `<base>_<id>`. */
  generate(base: string): number {
    const id = this.names.length;
    const name = `${base}_${id}`;
    this.ids.set(name, id);
    this.names.push(name);
    this.rules.push(undefined);
    return id;
  }

  /** The name of a symbol id. */
  nameOf(id: number): string {
    const name = this.names[id];
    if (name === undefined) throw new RangeError(`no symbol ${id}`);
    return name;
  }

  /** Defines (or, like llama.cpp, silently redefines) the rule of a symbol. */
  define(id: number, alternatives: GrammarAlternative[], location: SourceLocation, origin?: string): void {
    const name = this.nameOf(id);
    this.rules[id] = origin === undefined ? { name, alternatives, location } : { name, alternatives, origin, location };
  }

  /**
   * Accounts for `count` more elements; false once the grammar outgrows the budget, so that
   * repetitions of repetitions cannot exhaust memory (the caller reports where).
   */
  reserve(count: number): boolean {
    this.elements += count;
    return this.elements <= MAX_TOTAL_ELEMENTS;
  }

  /** The first symbol (in id order) that was mentioned but never defined, with its first use. */
  firstUndefined(): { name: string; reference: FirstReference | undefined } | undefined {
    for (let id = 0; id < this.names.length; id++) {
      if (this.rules[id] === undefined) {
        return { name: this.nameOf(id), reference: this.references.get(id) };
      }
    }
    return undefined;
  }

  /** Whether a name has a definition. */
  isDefined(name: string): boolean {
    const id = this.ids.get(name);
    return id !== undefined && this.rules[id] !== undefined;
  }

  /** The defined rules in symbol order. */
  toGrammar(): Grammar {
    const rules: GrammarRule[] = [];
    for (const rule of this.rules) if (rule !== undefined) rules.push(rule);
    return { rules };
  }
}
