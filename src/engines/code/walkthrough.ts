/**
 * A plain-English walk-through built from the outline alone: what the file contains and where, how it is nested,
 * what it imports and which functions branch the most. It states structure only (it never guesses what the code is
 * for), and says so.
 */
import type { CodeImport, CodeSymbol } from './outline';
import { CALLABLE_KINDS, TYPE_KINDS, type SymbolKind } from './specs';

export interface LineCounts {
  total: number;
  code: number;
  comment: number;
  blank: number;
}

export interface WalkthroughInput {
  languageName: string;
  css: boolean;
  lines: LineCounts;
  symbols: CodeSymbol[];
  imports: CodeImport[];
  errors: number;
  errorLines: number[];
  /** Line of a Python `if __name__ == "__main__":` block, if any. */
  mainGuardLine: number | null;
  /** Declarations in a style sheet. */
  declarations: number;
}

/** Above this, a function is usually worth splitting or testing path by path (McCabe's threshold). */
export const COMPLEXITY_HIGH = 10;

const NOUN: Record<SymbolKind, [string, string]> = {
  function: ['function', 'functions'],
  method: ['method', 'methods'],
  constructor: ['constructor', 'constructors'],
  class: ['class', 'classes'],
  interface: ['interface', 'interfaces'],
  struct: ['struct', 'structs'],
  enum: ['enum', 'enums'],
  trait: ['trait', 'traits'],
  impl: ['impl block', 'impl blocks'],
  module: ['module', 'modules'],
  namespace: ['namespace', 'namespaces'],
  contract: ['contract', 'contracts'],
  library: ['library', 'libraries'],
  record: ['record', 'records'],
  type: ['type alias', 'type aliases'],
  protocol: ['protocol', 'protocols'],
  extension: ['extension', 'extensions'],
  mixin: ['mixin', 'mixins'],
  modifier: ['modifier', 'modifiers'],
  event: ['event', 'events'],
  rule: ['rule set', 'rule sets'],
  'at-rule': ['at-rule', 'at-rules'],
  section: ['section', 'sections'],
};

const plural = (n: number, kind: SymbolKind) => `${n} ${NOUN[kind][n === 1 ? 0 : 1]}`;
const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** "a", "a and b", "a, b and c" */
export function joinList(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function listSome(items: string[], max: number): string {
  if (items.length <= max) return joinList(items);
  return `${items.slice(0, max).join(', ')} and ${items.length - max} more`;
}

const lines = (s: CodeSymbol) => (s.startLine === s.endLine ? `line ${s.startLine}` : `lines ${s.startLine}–${s.endLine}`);
const signature = (s: CodeSymbol) => (s.params ? `${s.name}(${s.params.join(', ')})` : s.name);

/** Kinds in a fixed order, with their counts: "1 class, 2 functions and 1 interface". */
function kindSummary(symbols: CodeSymbol[]): string {
  const counts = new Map<SymbolKind, number>();
  for (const s of symbols) counts.set(s.kind, (counts.get(s.kind) ?? 0) + 1);
  return joinList([...counts].map(([k, n]) => plural(n, k)));
}

function callables(symbols: CodeSymbol[], prefix = ''): { name: string; s: CodeSymbol }[] {
  const out: { name: string; s: CodeSymbol }[] = [];
  for (const s of symbols) {
    const name = prefix && s.kind !== 'section' ? `${prefix}.${s.name}` : s.name;
    if (CALLABLE_KINDS.has(s.kind) && s.complexity !== null) out.push({ name, s });
    out.push(...callables(s.children, s.kind === 'section' ? prefix : name));
  }
  return out;
}

function describeType(s: CodeSymbol): string {
  const head = `The ${NOUN[s.kind][0]} ${s.name} (${lines(s)})`;
  const members = s.children;
  if (members.length === 0) return `${head} declares no functions of its own.`;
  const ctors = members.filter((m) => m.kind === 'constructor');
  const methods = members.filter((m) => m.kind === 'method' || m.kind === 'function');
  const nestedTypes = members.filter((m) => TYPE_KINDS.has(m.kind));
  const others = members.filter((m) => m.kind !== 'constructor' && !methods.includes(m) && !nestedTypes.includes(m));
  const parts: string[] = [];
  if (ctors.length) parts.push(ctors.length === 1 ? `a constructor taking ${paramPhrase(ctors[0])}` : `${ctors.length} constructors`);
  if (methods.length) parts.push(`${plural(methods.length, 'method')}: ${listSome(methods.map(signature), 8)}`);
  if (nestedTypes.length)
    parts.push(
      `nested ${listSome(
        nestedTypes.map((t) => `${NOUN[t.kind][0]} ${t.name}`),
        6,
      )}`,
    );
  if (others.length) parts.push(`${kindSummary(others)} (${listSome(others.map(signature), 6)})`);
  const outside = methods.filter((m) => m.owner && (m.startLine > s.endLine || m.endLine < s.startLine));
  const tail = outside.length
    ? ` ${outside.length === 1 ? `${outside[0].name} is` : `${joinList(outside.map((m) => m.name))} are`} defined outside its body (${joinList(outside.map(lines))}).`
    : '';
  return `${head} has ${joinList(parts)}.${tail}`;
}

function paramPhrase(s: CodeSymbol): string {
  if (!s.params || s.params.length === 0) return 'no parameters';
  return `${s.params.length === 1 ? 'one parameter' : `${s.params.length} parameters`} (${s.params.join(', ')})`;
}

function describeFunction(s: CodeSymbol): string {
  const kind = s.kind === 'modifier' ? 'modifier' : 'function';
  const nested = s.children.filter((c) => CALLABLE_KINDS.has(c.kind));
  const inner = nested.length
    ? ` It defines ${plural(nested.length, 'function')} inside it: ${listSome(
        nested.map((n) => n.name),
        5,
      )}.`
    : '';
  return `The ${kind} ${s.name} (${lines(s)}) takes ${paramPhrase(s)}.${inner}`;
}

function describeCss(input: WalkthroughInput): string[] {
  const rules: CodeSymbol[] = [];
  const atRules: CodeSymbol[] = [];
  const collect = (list: CodeSymbol[]) => {
    for (const s of list) {
      (s.kind === 'at-rule' ? atRules : rules).push(s);
      collect(s.children);
    }
  };
  collect(input.symbols);
  const out: string[] = [];
  out.push(
    `It has ${count(rules.length, 'rule set', 'rule sets')} and ${count(atRules.length, 'at-rule', 'at-rules')}, with ${count(input.declarations, 'declaration', 'declarations')} in all.`,
  );
  if (atRules.length)
    out.push(
      `The at-rules are ${listSome(
        atRules.map((a) => `${a.name} (${lines(a)})`),
        6,
      )}.`,
    );
  const top = input.symbols.filter((s) => s.kind === 'rule');
  if (top.length)
    out.push(
      `The first selectors are ${listSome(
        top.slice(0, 6).map((r) => `“${r.name}”`),
        6,
      )}.`,
    );
  return out;
}

export function walkthrough(input: WalkthroughInput): string[] {
  const { lines: l, symbols, imports } = input;
  const paras: string[] = [];

  paras.push(
    `This is a ${input.languageName} file of ${count(l.total, 'line', 'lines')}: ${count(l.code, 'line', 'lines')} of code, ` +
      `${count(l.comment, 'comment line', 'comment lines')} and ${count(l.blank, 'blank line', 'blank lines')}.` +
      (input.errors
        ? ` The parser could not read ${count(input.errors, 'place', 'places')} (from line ${input.errorLines[0]}), so the outline may miss or misplace items there.`
        : ''),
  );

  if (imports.length) {
    const sources = [...new Set(imports.map((i) => i.source))];
    paras.push(`It imports ${count(sources.length, input.css ? 'style sheet' : 'module', input.css ? 'style sheets' : 'modules')}: ${listSome(sources, 8)}.`);
  } else if (!input.css) {
    paras.push('It imports nothing.');
  }

  if (input.css) {
    paras.push(...describeCss(input));
  } else {
    const sections = symbols.filter((s) => s.kind === 'section');
    const top = sections.length ? sections.flatMap((s) => s.children) : symbols;
    if (sections.length) paras.push(`The component has ${joinList(sections.map((s) => `a ${s.name} (${lines(s)})`))}. What follows describes the script.`);
    if (top.length === 0) {
      paras.push('It defines no named functions, classes or other named items: it is a script that runs from top to bottom.');
    } else {
      paras.push(`At the top level it defines ${kindSummary(top)}.`);
      const detailed = top
        .slice(0, 12)
        .map((s) => (TYPE_KINDS.has(s.kind) || s.kind === 'namespace' || s.kind === 'module' ? describeContainer(s) : describeItem(s)));
      paras.push(...detailed.filter(Boolean));
      if (top.length > 12) paras.push(`${top.length - 12} more top-level items follow; the outline lists them all.`);
    }
  }

  const all = callables(symbols);
  if (all.length) {
    const sorted = [...all].sort((a, b) => (b.s.complexity ?? 0) - (a.s.complexity ?? 0));
    const avg = all.reduce((t, c) => t + (c.s.complexity ?? 1), 0) / all.length;
    const topC = sorted[0];
    const high = sorted.filter((c) => (c.s.complexity ?? 0) > COMPLEXITY_HIGH);
    let p =
      all.length === 1
        ? `Its one function, ${topC.name}, has a cyclomatic complexity of ${topC.s.complexity}.`
        : topC.s.complexity === 1
          ? `None of its ${count(all.length, 'function', 'functions')} branches: each has a cyclomatic complexity of 1.`
          : `Across ${count(all.length, 'function', 'functions')} the average cyclomatic complexity is ${avg.toFixed(1)}; the most branching is ${topC.name}, with ${topC.s.complexity} (${lines(topC.s)}).`;
    p += ' Cyclomatic complexity counts the independent paths through a function: 1 means it runs straight through.';
    if (high.length)
      p += ` ${joinList(high.map((h) => `${h.name} (${h.s.complexity})`))} ${high.length === 1 ? 'is' : 'are'} above ${COMPLEXITY_HIGH}, where a function usually deserves splitting or a test per path.`;
    paras.push(p);
  }

  const main = all.find((c) => c.s.name === 'main' && !c.name.includes('.'));
  if (main) paras.push(`A function named main (${lines(main.s)}) is, by convention, where the program starts.`);
  if (input.mainGuardLine)
    paras.push(`The block at line ${input.mainGuardLine} (if __name__ == "__main__") runs only when the file is executed directly, not when it is imported.`);

  paras.push('This walk-through is generated from the syntax tree: it describes how the file is organised, not what the code is meant to do.');
  return paras;
}

function describeItem(s: CodeSymbol): string {
  if (CALLABLE_KINDS.has(s.kind)) return describeFunction(s);
  if (s.kind === 'record' || s.kind === 'event') return `The ${NOUN[s.kind][0]} ${signature(s)} (${lines(s)}).`;
  return `The ${NOUN[s.kind][0]} ${s.name} (${lines(s)}).`;
}

function describeContainer(s: CodeSymbol): string {
  if (TYPE_KINDS.has(s.kind)) return describeType(s);
  // a namespace or module: what it holds, then its members one level down
  if (s.children.length === 0) return `The ${NOUN[s.kind][0]} ${s.name} (${lines(s)}) is empty.`;
  const inner = s.children
    .slice(0, 6)
    .map((c) => (TYPE_KINDS.has(c.kind) ? describeType(c) : describeItem(c)))
    .join(' ');
  return `The ${NOUN[s.kind][0]} ${s.name} (${lines(s)}) holds ${kindSummary(s.children)}. ${inner}`;
}
