const INVALID_NAME_CHARS = /[^a-zA-Z0-9-]+/g;
const DECIMAL = /^(?:0|[1-9][0-9]*)$/;

/** `name` reduced to the characters GBNF allows in rule names, each other run becoming `-`. */
export function sanitizeRuleName(name: string): string {
  return name.replace(INVALID_NAME_CHARS, '-');
}

/**
 * The rules of one grammar, name → body, with the reference's de-duplication: adding a
 * body under a name that holds the same body reuses it, and a clash with a different body
 * picks the first of `name0`, `name1`, … that is free or already holds that body.
 */
export class GrammarRules {
  private readonly bodies = new Map<string, string>();
  // Names per body and the first never-taken suffix per base name keep `add` fast when
  // thousands of names collide after sanitising.
  private readonly namesByBody = new Map<string, string[]>();
  private readonly freeSuffix = new Map<string, number>();
  private readonly order: string[] = [];

  /** Adds `body` under (a sanitised, possibly suffixed form of) `name`; returns the name used. */
  add(name: string, body: string): string {
    const base = sanitizeRuleName(name);
    const existing = this.bodies.get(base);
    if (existing === undefined || existing === body) return this.set(base, body);

    let free = this.freeSuffix.get(base) ?? 0;
    while (this.bodies.has(`${base}${free}`)) free++;
    this.freeSuffix.set(base, free);
    // The smallest suffix below the first free one that already holds this body, if any.
    let best = free;
    for (const other of this.namesByBody.get(body) ?? []) {
      const suffix = other.startsWith(base) ? other.slice(base.length) : '';
      if (DECIMAL.test(suffix) && Number(suffix) < best) best = Number(suffix);
    }
    return this.set(`${base}${best}`, body);
  }

  private set(name: string, body: string): string {
    if (!this.bodies.has(name)) {
      this.bodies.set(name, body);
      const names = this.namesByBody.get(body);
      if (names === undefined) this.namesByBody.set(body, [name]);
      else names.push(name);
      this.order.push(name);
    }
    return name;
  }

  /** A mark to {@link GrammarRules.rollback | roll back} to. */
  checkpoint(): number {
    return this.order.length;
  }

  /** Removes every rule added since `mark`, so a failed conversion leaves no trace. */
  rollback(mark: number): void {
    // Newest first: each name is then the last one recorded for its body.
    for (const name of this.order.splice(mark).reverse()) {
      const body = this.bodies.get(name) ?? '';
      this.bodies.delete(name);
      const names = this.namesByBody.get(body);
      names?.pop();
      if (names?.length === 0) this.namesByBody.delete(body);
    }
    // The suffix hints assume rules are never removed.
    this.freeSuffix.clear();
  }

  /** Whether a rule called exactly `name` exists. */
  has(name: string): boolean {
    return this.bodies.has(name);
  }

  /** The body of rule `name`. */
  get(name: string): string | undefined {
    return this.bodies.get(name);
  }

  /** The rules sorted by name (the reference's output order). */
  sorted(): Map<string, string> {
    return new Map([...this.bodies].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  }

  /** The grammar text: `name ::= body` per rule, sorted by name, each line ending in `\n`. */
  format(): string {
    let out = '';
    for (const [name, body] of this.sorted()) out += `${name} ::= ${body}\n`;
    return out;
  }
}
