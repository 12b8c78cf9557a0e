import { matchGbnf, parseGbnf, type Grammar } from '@autoparser/gbnf-emitter';
import type { LlamaEngine } from './llama-engine.js';
import type { GrammarSource } from './grammar-sources.js';
import { hasLoneSurrogate, mutations } from './mutations.js';

/** One problem found, with where it comes from. */
export interface CheckFailure {
  /** The grammar's source id (and the text's variant, for agreement), or the sample's. */
  readonly id: string;
  readonly reason: string;
  /** The known finding that explains it (see known-findings.json), when one does. */
  readonly known?: string;
}

/** Check 1: does llama.cpp load every grammar? */
export interface ValidityReport {
  /** Grammars llama.cpp parsed. */
  readonly loaded: number;
  /** Grammars llama.cpp refused (each also a failure, with llama.cpp's message). */
  readonly rejected: number;
  /** Refusals, and grammars the project could not make. */
  readonly failures: readonly CheckFailure[];
}

/** Check 2: do llama.cpp's matcher and ours judge every text alike? */
export interface AgreementReport {
  /** Texts both accept or both refuse. */
  readonly agree: number;
  /** Texts they judge differently (each also a failure). */
  readonly disagree: number;
  /** Of the agreeing texts, those both accept (the rest both refuse). */
  readonly accepted: number;
  readonly failures: readonly CheckFailure[];
}

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));
const shorten = (text: string): string => (text.length > 80 ? `${JSON.stringify(text.slice(0, 77))}...` : JSON.stringify(text));

/** Loads every source's grammar into llama.cpp. */
export async function checkValidity(engine: LlamaEngine, sources: readonly GrammarSource[]): Promise<ValidityReport> {
  let loaded = 0;
  let rejected = 0;
  const failures: CheckFailure[] = [];
  for (const source of sources) {
    if (source.error !== undefined) {
      failures.push({ id: source.id, reason: `no grammar: ${source.error}` });
      continue;
    }
    const result = await engine.loadGrammar(source.gbnf);
    if (result.ok) {
      loaded += 1;
    } else {
      rejected += 1;
      failures.push({ id: source.id, reason: `llama.cpp rejects the grammar: ${result.message}` });
    }
  }
  return { loaded, rejected, failures };
}

/** Options of {@link checkAgreement}. */
export interface AgreementOptions {
  /** Mutations of each kind (insert, delete, cut) per text; default 2. */
  readonly mutationsPerText?: number;
}

/**
 * Matches every source's texts, and mutations of them, with our matcher and llama.cpp's:
 * both must accept (all of the text) or both refuse. A grammar llama.cpp refused, or one our
 * parser cannot read, is counted by the validity check, not here.
 */
export async function checkAgreement(engine: LlamaEngine, sources: readonly GrammarSource[], options: AgreementOptions = {}): Promise<AgreementReport> {
  let agree = 0;
  let accepted = 0;
  let disagree = 0;
  const failures: CheckFailure[] = [];
  const parsed = new Map<string, Grammar | Error>();
  for (const source of sources) {
    if (source.error !== undefined || source.texts.length === 0) continue;
    const loaded = await engine.loadGrammar(source.gbnf);
    if (!loaded.ok) continue;
    let ours = parsed.get(source.gbnf);
    if (ours === undefined) {
      try {
        ours = parseGbnf(source.gbnf);
      } catch (error) {
        ours = error instanceof Error ? error : new Error(String(error));
      }
      parsed.set(source.gbnf, ours);
    }
    if (ours instanceof Error) {
      failures.push({ id: source.id, reason: `llama.cpp loads the grammar, our parser refuses it: ${ours.message}` });
      continue;
    }
    for (const text of source.texts) {
      const variants = [{ name: 'as is', text }, ...mutations(text, options.mutationsPerText ?? 2)];
      for (const variant of variants) {
        if (hasLoneSurrogate(variant.text)) continue;
        let ourVerdict: boolean;
        try {
          ourVerdict = matchGbnf(ours, variant.text).status === 'accepted';
        } catch (error) {
          failures.push({ id: `${source.id} (${variant.name})`, reason: `our matcher throws: ${message(error)}` });
          continue;
        }
        const theirs = engine.accepts(loaded.grammar, variant.text);
        if (ourVerdict === theirs) {
          agree += 1;
          if (theirs) accepted += 1;
          continue;
        }
        disagree += 1;
        const verdict = (accepted: boolean) => (accepted ? 'accepts' : 'refuses');
        failures.push({
          id: `${source.id} (${variant.name})`,
          reason: `llama.cpp ${verdict(theirs)}, ours ${verdict(ourVerdict)} ${shorten(variant.text)}`,
        });
      }
    }
  }
  return { agree, disagree, accepted, failures };
}
