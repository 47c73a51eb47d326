/**
 * One walk over a syntax tree: the outline (named definitions nested as in the source), the imports, each
 * callable's cyclomatic complexity (1 + its decision points, counted in its own body: a nested named function counts
 * its own, an anonymous callback adds to the function around it), line kinds and syntax errors.
 */
import type { Tree } from 'web-tree-sitter';
import { CALLABLE_KINDS, TYPE_KINDS, type LangSpec, type SymbolKind } from './specs';

export interface CodeSymbol {
  kind: SymbolKind;
  name: string;
  /** Parameter names; null for kinds that take none (classes, structs ...). */
  params: string[] | null;
  /** 1-based, inclusive. */
  startLine: number;
  endLine: number;
  /** Cyclomatic complexity of callables; null for other kinds. */
  complexity: number | null;
  children: CodeSymbol[];
  /** The type a method belongs to when it is defined outside the type's body (Go receivers, C++ `Type::method`). */
  owner?: string;
}

export interface CodeImport {
  source: string;
  line: number;
}

export interface TreeFacts {
  symbols: CodeSymbol[];
  imports: CodeImport[];
  /** ERROR and MISSING nodes: places the grammar could not parse. */
  errors: number;
  /** First lines of the syntax errors (at most 10). */
  errorLines: number[];
  /** Comments as [start, end) character offsets (line kinds are counted from them). */
  comments: [number, number][];
}

const COMMENT_TYPES = ['comment', 'line_comment', 'block_comment', 'documentation_comment', 'multiline_comment'];

interface Frame {
  nodeId: number;
  /** Where nested symbols go. */
  into: CodeSymbol[];
  /** The callable whose complexity decision points add to (null at top level and in type bodies). */
  callable: CodeSymbol | null;
  inType: boolean;
  symbol: CodeSymbol | null;
}

export function walkTree(tree: Tree, spec: LangSpec, lineOffset = 0): TreeFacts {
  const symbols: CodeSymbol[] = [];
  const imports: CodeImport[] = [];
  const errorLines: number[] = [];
  let errors = 0;
  /** Bodies that sit beside their definition (Dart): the symbol they belong to, by node id. */
  const bodies = new Map<number, CodeSymbol>();
  const root = tree.rootNode;
  const stack: Frame[] = [{ nodeId: root.id, into: symbols, callable: null, inType: false, symbol: null }];
  const cursor = tree.walk();

  /** A named node with children (leaves never define, import or branch): the outline, imports, complexity. */
  const enterNamed = () => {
    const node = cursor.currentNode;
    const top = stack[stack.length - 1];

    const owned = bodies.get(node.id);
    if (owned) {
      owned.endLine = Math.max(owned.endLine, node.endPosition.row + 1 + lineOffset);
      stack.push({ nodeId: node.id, into: owned.children, callable: owned, inType: false, symbol: owned });
      return;
    }

    const imp = spec.imports(node);
    if (imp) for (const source of imp) if (source) imports.push({ source, line: node.startPosition.row + 1 + lineOffset });

    if (top.callable && spec.branch(node)) top.callable.complexity!++;

    const def = spec.def(node, { inType: top.inType });
    if (def) {
      const isCallable = CALLABLE_KINDS.has(def.kind);
      const sym: CodeSymbol = {
        kind: def.kind,
        name: def.name,
        params: def.params,
        startLine: node.startPosition.row + 1 + lineOffset,
        endLine: node.endPosition.row + 1 + lineOffset,
        complexity: isCallable && !def.abstract ? 1 : null,
        children: [],
        ...(def.owner ? { owner: def.owner } : {}),
      };
      top.into.push(sym);
      if (def.body) bodies.set(def.body.id, sym);
      stack.push({
        nodeId: node.id,
        into: sym.children,
        callable: isCallable ? (def.abstract ? null : sym) : TYPE_KINDS.has(def.kind) ? null : top.callable,
        inType: TYPE_KINDS.has(def.kind),
        symbol: sym,
      });
    }
  };

  /** Visit the cursor's node; true when the cursor moved down to its first child. */
  const enter = (): boolean => {
    const type = cursor.nodeType;
    if (type === 'ERROR' || cursor.nodeIsMissing) {
      errors++;
      if (errorLines.length < 10) errorLines.push(cursor.startPosition.row + 1 + lineOffset);
    }
    // Leaves never define, import or branch; named nodes are read before their children.
    if (type.includes('comment') || !cursor.nodeIsNamed) return cursor.gotoFirstChild();
    if (!cursor.gotoFirstChild()) return false;
    cursor.gotoParent();
    enterNamed();
    return cursor.gotoFirstChild();
  };

  const leave = (id: number) => {
    if (stack.length > 1 && stack[stack.length - 1].nodeId === id) stack.pop();
  };

  for (;;) {
    if (enter()) continue;
    leave(cursor.nodeId);
    let done = false;
    while (!cursor.gotoNextSibling()) {
      if (!cursor.gotoParent()) {
        done = true;
        break;
      }
      leave(cursor.nodeId);
    }
    if (done) break;
  }
  cursor.delete();

  // one query inside the parser, rather than a position read per leaf
  const comments = root.descendantsOfType(COMMENT_TYPES).map((c): [number, number] => [c!.startIndex, c!.endIndex]);
  return { symbols: attachOwned(symbols), imports, errors, errorLines, comments };
}

/** Methods defined outside their type (Go receivers, C++ `Graph::paths`) are listed under the type when the file has it. */
function attachOwned(symbols: CodeSymbol[]): CodeSymbol[] {
  const types = new Map<string, CodeSymbol>();
  const index = (list: CodeSymbol[]) => {
    for (const s of list) {
      if (TYPE_KINDS.has(s.kind) && !types.has(s.name)) types.set(s.name, s);
      index(s.children);
    }
  };
  index(symbols);
  const moves: [CodeSymbol[], CodeSymbol, CodeSymbol][] = [];
  const scan = (list: CodeSymbol[]) => {
    for (const s of list) {
      scan(s.children);
      const target = s.owner ? types.get(s.owner.replace(/^.*::/, '')) : undefined;
      if (target && target !== s) moves.push([list, s, target]);
    }
  };
  scan(symbols);
  for (const [list, s, target] of moves) {
    list.splice(list.indexOf(s), 1);
    target.children.push(s);
    target.children.sort((a, b) => a.startLine - b.startLine);
  }
  return symbols;
}
