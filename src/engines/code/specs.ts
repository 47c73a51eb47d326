/**
 * What each grammar's syntax nodes mean for the outline: which nodes define functions, classes and other named
 * items (and how to read their names and parameters), which nodes are imports, and which are decision points for
 * the cyclomatic complexity (branches, loops, case labels, catch clauses, conditional expressions, short-circuit
 * operators). The node names were read off the grammars' trees of the real files in tests/fixtures/code.
 */
import type { Node } from 'web-tree-sitter';
import type { CodeLanguage } from './languages';

export type SymbolKind =
  | 'function'
  | 'method'
  | 'constructor'
  | 'class'
  | 'interface'
  | 'struct'
  | 'enum'
  | 'trait'
  | 'impl'
  | 'module'
  | 'namespace'
  | 'contract'
  | 'library'
  | 'record'
  | 'type'
  | 'protocol'
  | 'extension'
  | 'mixin'
  | 'modifier'
  | 'event'
  | 'rule'
  | 'at-rule'
  | 'section';

/** Kinds that run code: they have parameters and a complexity. */
export const CALLABLE_KINDS: ReadonlySet<SymbolKind> = new Set(['function', 'method', 'constructor', 'modifier']);
/** Kinds whose functions are methods. */
export const TYPE_KINDS: ReadonlySet<SymbolKind> = new Set([
  'class',
  'interface',
  'struct',
  'enum',
  'trait',
  'impl',
  'contract',
  'library',
  'record',
  'protocol',
  'extension',
  'mixin',
]);

export interface DefMatch {
  kind: SymbolKind;
  name: string;
  /** Parameter names (callables, records, events); null for other kinds. */
  params: string[] | null;
  /** A following sibling that belongs to the definition (Dart's function_body after its signature). */
  body?: Node | null;
  /** The type a method belongs to when it is declared outside it (Go receivers, C++ `Type::method`). */
  owner?: string;
  /** A declaration without a body (an interface's or protocol's method): no complexity. */
  abstract?: boolean;
}

export interface DefContext {
  /** The nearest enclosing outline item is a type (class, struct, trait, impl ...). */
  inType: boolean;
}

export interface LangSpec {
  def(node: Node, ctx: DefContext): DefMatch | null;
  /** The modules an import node brings in, or null when the node is not an import. */
  imports(node: Node): string[] | null;
  /** Does this node add a decision point? */
  branch(node: Node): boolean;
}

// ---- helpers ----------------------------------------------------------------------------------------------------

const clip = (s: string, n = 48) => {
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length > n ? `${one.slice(0, n - 1)}…` : one;
};
const field = (n: Node, f: string) => n.childForFieldName(f);
const fieldText = (n: Node, f: string) => field(n, f)?.text ?? null;
const unquote = (s: string) => s.replace(/^['"`]|['"`]$/g, '');
const named = (n: Node) => n.namedChildren.filter((c): c is Node => c !== null);
const children = (n: Node) => n.children.filter((c): c is Node => c !== null);
const same = (a: Node | null | undefined, b: Node | null | undefined) => !!a && !!b && a.id === b.id;

const IDENT = /identifier$|^name$|^variable_name$|^constant$|^simple_identifier$/;
const SKIP_PARAM = new Set(['comment', 'line_comment', 'block_comment', 'keyword_separator', 'positional_separator', 'attribute_list', 'annotation']);

/** One parameter's name(s): Go declares several names in one parameter (`rate, burst float64`). */
function paramName(p: Node): string[] {
  if (SKIP_PARAM.has(p.type)) return [];
  if (IDENT.test(p.type)) return [p.text];
  if (/^(self|self_parameter|this)$/.test(p.type)) return [];
  if (/splat|rest|variadic|spread|dictionary_splat/.test(p.type)) return [clip(p.text, 32)];
  const names = p.childrenForFieldName('name').filter((c): c is Node => c !== null && IDENT.test(c.type));
  if (names.length) return names.map((c) => c.text);
  for (const f of ['pattern', 'declarator', 'left', 'name']) {
    const c = field(p, f);
    if (c) {
      const inner = paramName(c);
      return inner.length ? inner : [clip(c.text, 32)];
    }
  }
  const id = named(p).find((c) => IDENT.test(c.type));
  if (id) return [id.text];
  // Dart's `this.name` constructor parameters and other wrappers
  const inner = named(p).find((c) => /param/.test(c.type));
  if (inner) return paramName(inner);
  // patterns (destructuring) and anything else: the source text, shortened
  return /pattern/.test(p.type) ? [clip(p.text, 32)] : [];
}

const PARAM_WRAPPERS = /^(optional_formal_parameters|optional_parameter_types|named_parameter_types|optional_positional_parameter_types)$/;

function paramList(list: Node): string[] {
  const out: string[] = [];
  for (const c of named(list)) {
    if (PARAM_WRAPPERS.test(c.type)) out.push(...paramList(c));
    else out.push(...paramName(c));
  }
  // Python methods and Rust's `&self` are not parameters a caller passes.
  return out.filter((n) => n !== 'self' && n !== 'cls' && n !== '&self' && n !== '&mut self');
}

/** Parameters of a definition: its `parameters` field, a C declarator's list, or parameter children (Swift, Solidity). */
function paramsOf(n: Node): string[] {
  const list = field(n, 'parameters') ?? field(n, 'parameter');
  if (list) return list.type.includes('parameter') && !/s$|list$/.test(list.type) ? paramName(list) : paramList(list);
  const fd = functionDeclarator(n);
  if (fd) {
    const l = field(fd, 'parameters');
    return l ? paramList(l) : [];
  }
  const direct = named(n).filter((c) => /^(parameter|event_parameter)$/.test(c.type));
  if (direct.length) return direct.flatMap(paramName);
  const fl = named(n).find((c) => /^(formal_parameter_list|parameter_list|formal_parameters|parameters)$/.test(c.type));
  if (fl) return paramList(fl);
  return [];
}

/** C/C++: function_definition → declarator (pointer_declarator ...) → function_declarator. */
function functionDeclarator(n: Node): Node | null {
  let d = field(n, 'declarator');
  for (let i = 0; d && i < 6; i++) {
    if (d.type === 'function_declarator') return d;
    d = field(d, 'declarator');
  }
  return null;
}

function logical(ops: string[]) {
  const set = new Set(ops);
  return (n: Node) => children(n).some((c) => !c.isNamed && set.has(c.type));
}

function branchSet(types: string[], logicalTypes: string[], ops: string[], skip?: (n: Node) => boolean) {
  const t = new Set(types);
  const l = new Set(logicalTypes);
  const isLogical = logical(ops);
  return (n: Node) => (t.has(n.type) && !skip?.(n)) || (l.has(n.type) && isLogical(n));
}

const callable = (kind: SymbolKind, name: string, n: Node, extra: Partial<DefMatch> = {}): DefMatch => ({ kind, name, params: paramsOf(n), ...extra });
const signatureOnly = (kind: SymbolKind, name: string, n: Node): DefMatch => callable(kind, name, n, { abstract: true });
/** Java, C#, PHP, Solidity: a method without a body is a declaration (interfaces, abstract methods). */
const bodiless = (n: Node) => !field(n, 'body') && !named(n).some((c) => c.type === 'arrow_expression_clause' || c.type === 'block');
const container = (kind: SymbolKind, name: string | null): DefMatch | null => (name ? { kind, name, params: null } : null);
const fn = (ctx: DefContext): SymbolKind => (ctx.inType ? 'method' : 'function');

// ---- JavaScript / TypeScript ------------------------------------------------------------------------------------

const JS_FUNCTION_VALUES = new Set(['arrow_function', 'function_expression', 'function', 'generator_function']);
const JS_CLASS_VALUES = new Set(['class']);

/** An anonymous function or class gets the name it is bound to (`const f = () => …`, `{ key() {…} }`, `a.b = function …`). */
function jsBoundName(n: Node): string | null {
  const p = n.parent;
  if (!p) return null;
  if (p.type === 'variable_declarator' && same(field(p, 'value'), n)) return fieldText(p, 'name');
  if (p.type === 'pair' && same(field(p, 'value'), n)) return unquote(fieldText(p, 'key') ?? '') || null;
  if (p.type === 'assignment_expression' && same(field(p, 'right'), n)) return clip(fieldText(p, 'left') ?? '', 40) || null;
  if ((p.type === 'public_field_definition' || p.type === 'field_definition') && same(field(p, 'value'), n))
    return fieldText(p, 'name') ?? fieldText(p, 'property');
  if (p.type === 'export_statement') return 'default';
  return null;
}

function jsImports(n: Node): string[] | null {
  if (n.type === 'import_statement') {
    const s = field(n, 'source');
    return s ? [unquote(s.text)] : [];
  }
  if (n.type === 'call_expression') {
    const f = field(n, 'function');
    if (f?.type === 'identifier' && f.text === 'require') {
      const arg = named(field(n, 'arguments') ?? n)[0];
      if (arg?.type === 'string') return [unquote(arg.text)];
    }
    if (f?.type === 'import') {
      const arg = named(field(n, 'arguments') ?? n)[0];
      if (arg?.type === 'string') return [unquote(arg.text)];
    }
  }
  return null;
}

const jsSpec: LangSpec = {
  def(n, ctx) {
    switch (n.type) {
      case 'function_declaration':
      case 'generator_function_declaration':
        return callable('function', fieldText(n, 'name') ?? 'default', n);
      case 'method_definition': {
        const name = fieldText(n, 'name') ?? '(method)';
        return callable(name === 'constructor' ? 'constructor' : 'method', name, n);
      }
      case 'method_signature':
      case 'abstract_method_signature':
        return signatureOnly('method', fieldText(n, 'name') ?? '(method)', n);
      case 'class_declaration':
      case 'abstract_class_declaration':
        return container('class', fieldText(n, 'name') ?? 'default');
      case 'interface_declaration':
        return container('interface', fieldText(n, 'name'));
      case 'enum_declaration':
        return container('enum', fieldText(n, 'name'));
      case 'type_alias_declaration':
        return container('type', fieldText(n, 'name'));
      case 'internal_module':
      case 'module':
        return container('namespace', clip(fieldText(n, 'name') ?? '', 40) || null);
    }
    if (JS_FUNCTION_VALUES.has(n.type)) {
      const name = (n.type !== 'arrow_function' && fieldText(n, 'name')) || jsBoundName(n);
      if (!name) return null;
      const p = n.parent;
      const isMember = p?.type === 'public_field_definition' || p?.type === 'field_definition';
      return callable(isMember || ctx.inType ? 'method' : 'function', name, n);
    }
    if (JS_CLASS_VALUES.has(n.type)) return container('class', fieldText(n, 'name') ?? jsBoundName(n));
    return null;
  },
  imports: jsImports,
  branch: branchSet(
    ['if_statement', 'for_statement', 'for_in_statement', 'while_statement', 'do_statement', 'switch_case', 'catch_clause', 'ternary_expression'],
    ['binary_expression'],
    ['&&', '||', '??'],
  ),
};

// ---- Python -----------------------------------------------------------------------------------------------------

const pythonSpec: LangSpec = {
  def(n, ctx) {
    if (n.type === 'function_definition') {
      const name = fieldText(n, 'name') ?? '(function)';
      return callable(ctx.inType ? (name === '__init__' ? 'constructor' : 'method') : 'function', name, n);
    }
    if (n.type === 'class_definition') return container('class', fieldText(n, 'name'));
    return null;
  },
  imports(n) {
    if (n.type === 'import_statement')
      return named(n)
        .filter((c) => c.type === 'dotted_name' || c.type === 'aliased_import')
        .map((c) => (c.type === 'aliased_import' ? (fieldText(c, 'name') ?? c.text) : c.text));
    if (n.type === 'import_from_statement') return [fieldText(n, 'module_name') ?? ''].filter(Boolean);
    if (n.type === 'future_import_statement') return ['__future__'];
    return null;
  },
  branch: branchSet(
    ['if_statement', 'elif_clause', 'for_statement', 'while_statement', 'except_clause', 'conditional_expression', 'for_in_clause', 'if_clause', 'case_clause'],
    ['boolean_operator'],
    ['and', 'or'],
  ),
};

// ---- Java -------------------------------------------------------------------------------------------------------

const javaSpec: LangSpec = {
  def(n) {
    switch (n.type) {
      case 'class_declaration':
        return container('class', fieldText(n, 'name'));
      case 'interface_declaration':
      case 'annotation_type_declaration':
        return container('interface', fieldText(n, 'name'));
      case 'enum_declaration':
        return container('enum', fieldText(n, 'name'));
      case 'record_declaration':
        return { kind: 'record', name: fieldText(n, 'name') ?? '(record)', params: paramsOf(n) };
      case 'method_declaration':
        return callable('method', fieldText(n, 'name') ?? '(method)', n, { abstract: bodiless(n) });
      case 'constructor_declaration':
      case 'compact_constructor_declaration':
        return callable('constructor', fieldText(n, 'name') ?? '(constructor)', n);
    }
    return null;
  },
  imports(n) {
    if (n.type !== 'import_declaration') return null;
    return [
      n.text
        .replace(/^import\s+(static\s+)?/, '')
        .replace(/;\s*$/, '')
        .trim(),
    ];
  },
  branch: branchSet(
    ['if_statement', 'for_statement', 'enhanced_for_statement', 'while_statement', 'do_statement', 'switch_label', 'catch_clause', 'ternary_expression'],
    ['binary_expression'],
    ['&&', '||'],
    (n) => n.type === 'switch_label' && n.text.startsWith('default'),
  ),
};

// ---- Go ---------------------------------------------------------------------------------------------------------

function goReceiverType(n: Node): string | undefined {
  const r = field(n, 'receiver');
  const t = r && named(r)[0] && field(named(r)[0], 'type');
  return t ? t.text.replace(/^\*/, '').replace(/\[.*$/, '') : undefined;
}

const goSpec: LangSpec = {
  def(n) {
    if (n.type === 'function_declaration') return callable('function', fieldText(n, 'name') ?? '(func)', n);
    if (n.type === 'method_declaration') return callable('method', fieldText(n, 'name') ?? '(method)', n, { owner: goReceiverType(n) });
    if (n.type === 'type_spec') {
      const t = field(n, 'type')?.type;
      return container(t === 'struct_type' ? 'struct' : t === 'interface_type' ? 'interface' : 'type', fieldText(n, 'name'));
    }
    return null;
  },
  imports(n) {
    if (n.type !== 'import_spec') return null;
    return [unquote(fieldText(n, 'path') ?? '')];
  },
  branch: branchSet(['if_statement', 'for_statement', 'expression_case', 'type_case', 'communication_case'], ['binary_expression'], ['&&', '||']),
};

// ---- Rust -------------------------------------------------------------------------------------------------------

const rustSpec: LangSpec = {
  def(n, ctx) {
    switch (n.type) {
      case 'function_item':
        return callable(fn(ctx), fieldText(n, 'name') ?? '(fn)', n);
      case 'function_signature_item':
        return signatureOnly('method', fieldText(n, 'name') ?? '(fn)', n);
      case 'struct_item':
        return container('struct', fieldText(n, 'name'));
      case 'enum_item':
        return container('enum', fieldText(n, 'name'));
      case 'union_item':
        return container('struct', fieldText(n, 'name'));
      case 'trait_item':
        return container('trait', fieldText(n, 'name'));
      case 'mod_item':
        return container('module', fieldText(n, 'name'));
      case 'impl_item': {
        const type = fieldText(n, 'type');
        const trait = fieldText(n, 'trait');
        return container('impl', type ? (trait ? `${trait} for ${type}` : type) : null);
      }
    }
    return null;
  },
  imports(n) {
    if (n.type === 'use_declaration') return [clip(fieldText(n, 'argument') ?? n.text.replace(/^use\s+|;$/g, ''), 80)];
    if (n.type === 'extern_crate_declaration') return [fieldText(n, 'name') ?? clip(n.text)];
    return null;
  },
  branch: branchSet(
    ['if_expression', 'while_expression', 'for_expression', 'match_arm', 'let_condition'],
    ['binary_expression'],
    ['&&', '||'],
    (n) => n.type === 'match_arm' && /^_\s*(=>|$)/.test(fieldText(n, 'pattern') ?? ''),
  ),
};

// ---- C and C++ --------------------------------------------------------------------------------------------------

function cFunctionName(n: Node): { name: string; owner?: string } {
  const fd = functionDeclarator(n);
  const d = fd ? field(fd, 'declarator') : null;
  if (!d) return { name: '(function)' };
  if (d.type === 'qualified_identifier') {
    const scope = fieldText(d, 'scope');
    const name = fieldText(d, 'name') ?? d.text;
    return { name, owner: scope ?? undefined };
  }
  return { name: d.text };
}

function cTypeName(n: Node): string | null {
  const name = fieldText(n, 'name');
  if (name) return name;
  // typedef struct { ... } point_t;
  const p = n.parent;
  if (p?.type === 'type_definition') return fieldText(p, 'declarator');
  return null;
}

function cSpec(cpp: boolean): LangSpec {
  return {
    def(n, ctx) {
      switch (n.type) {
        case 'function_definition': {
          const { name, owner } = cFunctionName(n);
          const base = name.replace(/^.*::/, '');
          const kind: SymbolKind = ctx.inType || owner ? (owner && base === owner.replace(/^.*::/, '') ? 'constructor' : 'method') : 'function';
          if (ctx.inType && owner === undefined && cpp) {
            const cls = n.parent?.parent;
            if (cls && fieldText(cls, 'name') === name) return callable('constructor', name, n);
          }
          return callable(kind, name, n, owner ? { owner } : {});
        }
        case 'struct_specifier':
        case 'union_specifier':
          return field(n, 'body') ? container('struct', cTypeName(n)) : null;
        case 'enum_specifier':
          return field(n, 'body') ? container('enum', cTypeName(n)) : null;
        case 'class_specifier':
          return field(n, 'body') ? container('class', cTypeName(n)) : null;
        case 'namespace_definition':
          return container('namespace', fieldText(n, 'name') ?? '(anonymous)');
      }
      return null;
    },
    imports(n) {
      if (n.type === 'preproc_include') return [(fieldText(n, 'path') ?? '').replace(/^[<"]|[>"]$/g, '')];
      if (cpp && n.type === 'using_declaration' && /^using\s+namespace\b/.test(n.text)) return [n.text.replace(/^using\s+namespace\s+|;$/g, '')];
      return null;
    },
    branch: branchSet(
      ['if_statement', 'for_statement', 'for_range_loop', 'while_statement', 'do_statement', 'case_statement', 'conditional_expression', 'catch_clause'],
      ['binary_expression'],
      ['&&', '||', 'and', 'or'],
      (n) => n.type === 'case_statement' && !field(n, 'value'),
    ),
  };
}

// ---- C# ---------------------------------------------------------------------------------------------------------

const csharpSpec: LangSpec = {
  def(n) {
    switch (n.type) {
      case 'class_declaration':
        return container('class', fieldText(n, 'name'));
      case 'struct_declaration':
        return container('struct', fieldText(n, 'name'));
      case 'interface_declaration':
        return container('interface', fieldText(n, 'name'));
      case 'enum_declaration':
        return container('enum', fieldText(n, 'name'));
      case 'record_declaration':
      case 'record_struct_declaration':
        return { kind: 'record', name: fieldText(n, 'name') ?? '(record)', params: paramsOf(n) };
      case 'namespace_declaration':
      case 'file_scoped_namespace_declaration':
        return container('namespace', fieldText(n, 'name'));
      case 'method_declaration':
      case 'operator_declaration':
        return callable('method', fieldText(n, 'name') ?? (n.type === 'operator_declaration' ? 'operator' : '(method)'), n, { abstract: bodiless(n) });
      case 'constructor_declaration':
        return callable('constructor', fieldText(n, 'name') ?? '(constructor)', n);
      case 'destructor_declaration':
        return callable('method', `~${fieldText(n, 'name') ?? ''}`, n);
      case 'local_function_statement':
        return callable('function', fieldText(n, 'name') ?? '(function)', n);
    }
    return null;
  },
  imports(n) {
    if (n.type !== 'using_directive') return null;
    return [
      n.text
        .replace(/^(global\s+)?using\s+(static\s+)?/, '')
        .replace(/;\s*$/, '')
        .trim(),
    ];
  },
  branch: branchSet(
    [
      'if_statement',
      'for_statement',
      'foreach_statement',
      'for_each_statement',
      'while_statement',
      'do_statement',
      'switch_section',
      'switch_expression_arm',
      'catch_clause',
      'conditional_expression',
    ],
    ['binary_expression'],
    ['&&', '||', '??'],
    (n) => (n.type === 'switch_section' && /^default\b/.test(n.text)) || (n.type === 'switch_expression_arm' && /^_\s*=>/.test(n.text)),
  ),
};

// ---- Ruby -------------------------------------------------------------------------------------------------------

const rubySpec: LangSpec = {
  def(n, ctx) {
    switch (n.type) {
      case 'method': {
        const name = fieldText(n, 'name') ?? '(method)';
        return callable(name === 'initialize' ? 'constructor' : ctx.inType ? 'method' : 'function', name, n);
      }
      case 'singleton_method':
        return callable('method', `${fieldText(n, 'object') ?? 'self'}.${fieldText(n, 'name') ?? ''}`, n);
      case 'class':
        return container('class', fieldText(n, 'name'));
      case 'module':
        return container('module', fieldText(n, 'name'));
    }
    return null;
  },
  imports(n) {
    if (n.type !== 'call' || field(n, 'receiver')) return null;
    const m = fieldText(n, 'method');
    if (m !== 'require' && m !== 'require_relative' && m !== 'load') return null;
    const arg = named(field(n, 'arguments') ?? n)[0];
    return arg?.type === 'string' ? [unquote(arg.text)] : [];
  },
  branch: branchSet(
    ['if', 'elsif', 'unless', 'while', 'until', 'for', 'when', 'rescue', 'conditional', 'if_modifier', 'unless_modifier', 'while_modifier', 'until_modifier'],
    ['binary'],
    ['&&', '||', 'and', 'or'],
  ),
};

// ---- PHP --------------------------------------------------------------------------------------------------------

const phpSpec: LangSpec = {
  def(n) {
    switch (n.type) {
      case 'function_definition':
        return callable('function', fieldText(n, 'name') ?? '(function)', n);
      case 'method_declaration': {
        const name = fieldText(n, 'name') ?? '(method)';
        return callable(name === '__construct' ? 'constructor' : 'method', name, n, { abstract: bodiless(n) });
      }
      case 'class_declaration':
        return container('class', fieldText(n, 'name'));
      case 'interface_declaration':
        return container('interface', fieldText(n, 'name'));
      case 'trait_declaration':
        return container('trait', fieldText(n, 'name'));
      case 'enum_declaration':
        return container('enum', fieldText(n, 'name'));
      case 'namespace_definition':
        // `namespace App;` has no body: it names the file's namespace rather than enclosing anything
        return field(n, 'body') ? container('namespace', fieldText(n, 'name')) : null;
    }
    return null;
  },
  imports(n) {
    if (n.type === 'namespace_use_declaration') return named(n).flatMap((c) => (c.type === 'namespace_use_clause' ? [clip(c.text, 80)] : []));
    if (/^(require|require_once|include|include_once)_expression$/.test(n.type)) {
      const s = named(n)[0];
      const str = s ? (s.type === 'string' || s.type === 'encapsed_string' ? s : s.descendantsOfType(['string', 'encapsed_string'])[0]) : null;
      return [str ? unquote(str.text) : clip(n.text, 60)];
    }
    return null;
  },
  branch: branchSet(
    [
      'if_statement',
      'else_if_clause',
      'for_statement',
      'foreach_statement',
      'while_statement',
      'do_statement',
      'case_statement',
      'catch_clause',
      'conditional_expression',
      'match_conditional_expression',
    ],
    ['binary_expression'],
    ['&&', '||', 'and', 'or', '??'],
  ),
};

// ---- Swift ------------------------------------------------------------------------------------------------------

const SWIFT_DECL_KINDS: Record<string, SymbolKind> = { class: 'class', struct: 'struct', enum: 'enum', extension: 'extension', actor: 'class' };

const swiftSpec: LangSpec = {
  def(n, ctx) {
    switch (n.type) {
      case 'function_declaration':
        return callable(fn(ctx), fieldText(n, 'name') ?? '(func)', n);
      case 'protocol_function_declaration':
        return signatureOnly('method', fieldText(n, 'name') ?? '(func)', n);
      case 'init_declaration':
        return callable('constructor', 'init', n);
      case 'deinit_declaration':
        return callable('method', 'deinit', n);
      case 'class_declaration': {
        const kw = children(n).find((c) => !c.isNamed && c.type in SWIFT_DECL_KINDS)?.type ?? 'class';
        return container(SWIFT_DECL_KINDS[kw], fieldText(n, 'name'));
      }
      case 'protocol_declaration':
        return container('protocol', fieldText(n, 'name'));
    }
    return null;
  },
  imports(n) {
    if (n.type !== 'import_declaration') return null;
    return [n.text.replace(/^(@\w+\s+)*import\s+(class|struct|func|enum|protocol|typealias|var|let)?\s*/, '').trim()];
  },
  branch: branchSet(
    [
      'if_statement',
      'guard_statement',
      'for_statement',
      'while_statement',
      'repeat_while_statement',
      'switch_entry',
      'catch_block',
      'ternary_expression',
      'conjunction_expression',
      'disjunction_expression',
      'nil_coalescing_expression',
    ],
    [],
    [],
    (n) => n.type === 'switch_entry' && children(n).some((c) => c.type === 'default_keyword' || c.type === 'default'),
  ),
};

// ---- Dart -------------------------------------------------------------------------------------------------------

/** Dart puts a function's body beside its signature, not inside it. */
function dartBody(n: Node): Node | null {
  const next = n.nextNamedSibling;
  return next?.type === 'function_body' ? next : null;
}

function dartSignature(sig: Node, ctx: DefContext, owner: Node): DefMatch | null {
  const m = dartMember(sig, ctx, dartBody(owner));
  // a signature without a body is abstract, except a constructor, which may initialise fields in its signature alone
  return m && !m.body && m.kind !== 'constructor' ? { ...m, abstract: true } : m;
}

function dartMember(sig: Node, ctx: DefContext, body: Node | null): DefMatch | null {
  switch (sig.type) {
    case 'function_signature':
      return callable(ctx.inType ? 'method' : 'function', fieldText(sig, 'name') ?? '(function)', sig, { body });
    case 'getter_signature':
      return { kind: 'method', name: `get ${fieldText(sig, 'name') ?? ''}`.trim(), params: [], body };
    case 'setter_signature':
      return callable('method', `set ${fieldText(sig, 'name') ?? ''}`.trim(), sig, { body });
    case 'constructor_signature':
    case 'factory_constructor_signature':
    case 'redirecting_factory_constructor_signature':
    case 'constant_constructor_signature': {
      const name = named(sig)
        .filter((c) => c.type === 'identifier')
        .map((c) => c.text)
        .join('.');
      return callable('constructor', name || '(constructor)', sig, { body });
    }
    case 'operator_signature':
      return callable('method', 'operator', sig, { body });
  }
  return null;
}

const dartSpec: LangSpec = {
  def(n, ctx) {
    switch (n.type) {
      case 'class_definition':
        return container('class', fieldText(n, 'name'));
      case 'mixin_declaration':
        return container('mixin', named(n).find((c) => c.type === 'identifier')?.text ?? null);
      case 'extension_declaration':
        return container('extension', fieldText(n, 'name') ?? 'extension');
      case 'enum_declaration':
        return container('enum', fieldText(n, 'name'));
      case 'function_signature':
        // top level (a method's signature is read from its method_signature / declaration)
        return n.parent?.type === 'program' ? dartSignature(n, ctx, n) : null;
      case 'method_signature':
      case 'declaration': {
        const sig = named(n).find((c) => /_signature$/.test(c.type));
        return sig ? dartSignature(sig, ctx, n) : null;
      }
    }
    return null;
  },
  imports(n) {
    if (n.type !== 'import_or_export') return null;
    const uri = n.descendantsOfType('uri')[0] ?? n.descendantsOfType('configurable_uri')[0];
    return [unquote(uri?.text ?? clip(n.text, 60))];
  },
  branch: branchSet(
    [
      'if_statement',
      'for_statement',
      'while_statement',
      'do_statement',
      'switch_statement_case',
      'catch_clause',
      'conditional_expression',
      'if_null_expression',
    ],
    ['logical_and_expression', 'logical_or_expression'],
    ['&&', '||'],
  ),
};

// ---- Solidity ---------------------------------------------------------------------------------------------------

const soliditySpec: LangSpec = {
  def(n) {
    switch (n.type) {
      case 'contract_declaration':
        return container('contract', fieldText(n, 'name'));
      case 'interface_declaration':
        return container('interface', fieldText(n, 'name'));
      case 'library_declaration':
        return container('library', fieldText(n, 'name'));
      case 'struct_declaration':
        return container('struct', fieldText(n, 'name'));
      case 'enum_declaration':
        return container('enum', fieldText(n, 'name'));
      case 'function_definition':
        return callable('method', fieldText(n, 'name') ?? '(function)', n, { abstract: bodiless(n) });
      case 'constructor_definition':
        return callable('constructor', 'constructor', n);
      case 'modifier_definition':
        return callable('modifier', fieldText(n, 'name') ?? '(modifier)', n);
      case 'fallback_receive_definition':
        return callable('method', /^\s*receive/.test(n.text) ? 'receive' : 'fallback', n);
      case 'event_definition':
        return { kind: 'event', name: fieldText(n, 'name') ?? '(event)', params: paramsOf(n) };
    }
    return null;
  },
  imports(n) {
    if (n.type !== 'import_directive') return null;
    const s = field(n, 'source') ?? n.descendantsOfType('string')[0];
    return [unquote(s?.text ?? clip(n.text, 60))];
  },
  branch: branchSet(
    ['if_statement', 'for_statement', 'while_statement', 'do_while_statement', 'catch_clause', 'ternary_expression'],
    ['binary_expression'],
    ['&&', '||'],
  ),
};

// ---- CSS --------------------------------------------------------------------------------------------------------

const cssSpec: LangSpec = {
  def(n) {
    switch (n.type) {
      case 'rule_set':
        return container('rule', clip(named(n).find((c) => c.type === 'selectors')?.text ?? '(rule)', 60));
      case 'media_statement':
      case 'supports_statement':
      case 'keyframes_statement':
      case 'at_rule': {
        const head = n.text.slice(0, n.text.indexOf('{') >= 0 ? n.text.indexOf('{') : undefined);
        return container('at-rule', clip(head, 60));
      }
    }
    return null;
  },
  imports(n) {
    if (n.type !== 'import_statement') return null;
    const v = named(n)[0];
    return [v ? unquote(v.text.replace(/^url\((.*)\)$/, '$1')) : clip(n.text)];
  },
  branch: () => false,
};

// ---- Vue (the template and style are sections; the script is parsed with the JavaScript or TypeScript grammar) --

const vueSpec: LangSpec = {
  def(n) {
    if (n.type === 'template_element' || n.type === 'script_element' || n.type === 'style_element') return container('section', n.type.replace('_element', ''));
    return null;
  },
  imports: () => null,
  branch: () => false,
};

export const SPECS: Record<CodeLanguage, LangSpec> = {
  javascript: jsSpec,
  typescript: jsSpec,
  tsx: jsSpec,
  python: pythonSpec,
  java: javaSpec,
  go: goSpec,
  rust: rustSpec,
  c: cSpec(false),
  cpp: cSpec(true),
  csharp: csharpSpec,
  ruby: rubySpec,
  php: phpSpec,
  swift: swiftSpec,
  dart: dartSpec,
  solidity: soliditySpec,
  css: cssSpec,
  vue: vueSpec,
};
