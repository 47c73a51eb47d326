/**
 * The offline code explainer on one real, small source file per supported language (tests/fixtures/code, stored as
 * <name>.<ext>.txt so the project's own linters leave them alone): the outline with parameters, line ranges and
 * complexity, the imports and the line counts, each checked by hand against the file.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CODE_LANGUAGES, explainCode, type CodeSymbol } from '../../src/engines/code';

const read = (file: string) => readFileSync(new URL(`../fixtures/code/${file}.txt`, import.meta.url), 'utf8');

/** "kind name(params) start-end ccN", nested items indented by two spaces. */
function outline(symbols: CodeSymbol[], depth = 0): string[] {
  return symbols.flatMap((s) => [
    `${'  '.repeat(depth)}${s.kind} ${s.name}${s.params ? `(${s.params.join(', ')})` : ''} ${s.startLine}-${s.endLine}${s.complexity !== null ? ` cc${s.complexity}` : ''}`,
    ...outline(s.children, depth + 1),
  ]);
}

const CASES = [
  {
    file: 'Crowdfund.sol',
    language: 'solidity',
    lines: { total: 66, code: 53, comment: 2, blank: 11 },
    imports: ['@openzeppelin/contracts/token/ERC20/IERC20.sol'],
    outline: [
      'contract Crowdfund 7-66',
      '  struct Campaign 8-14',
      '  event Launched(id, creator, goal) 21-21',
      '  event Pledged(id, caller, amount) 22-22',
      '  modifier onlyCreator(id) 26-29 cc1',
      '  constructor constructor(tokenAddress) 31-33 cc1',
      '  method launch(goal, duration) 35-40 cc2',
      '  method pledge(id, amount) 42-49 cc2',
      '  method claim(id) 51-57 cc2',
      '  method refund(id) 59-65 cc2',
    ],
  },
  {
    file: 'LibraryService.java',
    language: 'java',
    lines: { total: 73, code: 63, comment: 0, blank: 10 },
    imports: ['java.time.LocalDate', 'java.util.ArrayList', 'java.util.HashMap', 'java.util.List', 'java.util.Map', 'java.util.Optional'],
    outline: [
      'class LibraryService 10-73',
      '  record Book(isbn, title, author) 15-15',
      '  record Loan(isbn, member, due) 17-17',
      '  interface Notifier 19-21',
      '    method overdue(loan) 20-20',
      '  method addBook(book) 23-28 cc3',
      '  method lend(isbn, member, today) 30-41 cc4',
      '  method giveBack(isbn) 43-45 cc1',
      '  method notifyOverdue(today, notifier) 47-60 cc4',
      '  method describe(isbn) 62-72 cc5',
    ],
  },
  {
    file: 'OrderProcessor.cs',
    language: 'csharp',
    lines: { total: 74, code: 64, comment: 0, blank: 10 },
    imports: ['System', 'System.Collections.Generic', 'System.Linq'],
    outline: [
      'namespace Shop.Orders 5-74',
      '  enum OrderState 7-7',
      '  interface IPaymentGateway 9-12',
      '    method Charge(customerId, amount) 11-11',
      '  record OrderLine(Sku, Quantity, UnitPrice) 14-14',
      '  class Order 16-24',
      '    method Total() 23-23 cc1',
      '  class OrderProcessor 26-73',
      '    constructor OrderProcessor(gateway) 30-33 cc2',
      '    method Pay(order) 35-54 cc5',
      '    method Describe(order) 56-69 cc4',
      '    method Unpaid(orders) 71-72 cc2',
    ],
  },
  {
    file: 'SearchBox.vue',
    language: 'vue',
    lines: { total: 43, code: 37, comment: 0, blank: 6 },
    imports: ['vue', '../api/articles'],
    outline: ['section template 1-10', 'section script 12-36', '  function submit() 22-31 cc4', 'section style 38-43'],
  },
  {
    file: 'TodoList.tsx',
    language: 'tsx',
    lines: { total: 69, code: 61, comment: 0, blank: 8 },
    imports: ['react', 'react'],
    outline: [
      'interface Todo 4-8',
      'type Filter 10-10',
      'function FilterButton({ active, onClick, children }) 12-18 cc2',
      'function TodoList({ initial = [] }) 20-69 cc3',
      '  function addTodo() 31-36 cc2',
      '  function toggle(id) 38-38 cc2',
    ],
  },
  {
    file: 'UserRepository.php',
    language: 'php',
    lines: { total: 66, code: 54, comment: 0, blank: 12 },
    imports: ['App\\Entity\\User', 'PDO', 'RuntimeException', '/../bootstrap.php'],
    outline: [
      'interface UserFinder 13-16',
      '  method findByEmail($email) 15-15',
      'class UserRepository 18-61',
      '  constructor __construct($pdo) 22-24 cc1',
      '  method findByEmail($email) 26-32 cc2',
      '  method save($user) 34-46 cc3',
      '  method hydrate($row) 48-51 cc2',
      '  method toRow($user) 53-60 cc2',
      'function normalize_email($email) 63-66 cc1',
    ],
  },
  {
    file: 'WeatherStore.swift',
    language: 'swift',
    lines: { total: 61, code: 52, comment: 0, blank: 9 },
    imports: ['Foundation', 'Combine'],
    outline: [
      'enum WeatherError 4-7',
      'struct Forecast 9-13',
      'protocol WeatherService 15-17',
      '  method forecast(city) 16-16',
      'class WeatherStore 19-57',
      '  constructor init(service) 24-26 cc1',
      '  method refresh(cities) 28-39 cc4',
      '  method warmest() 41-44 cc2',
      '  method label(city) 46-56 cc5',
      'extension Forecast 59-61',
    ],
  },
  {
    file: 'cart.ts',
    language: 'typescript',
    lines: { total: 58, code: 48, comment: 0, blank: 10 },
    imports: ['zod', './catalog', './pricing'],
    outline: [
      'type CartLine 6-6',
      'interface Discount 8-12',
      'enum CartStatus 14-18',
      'class Cart 20-48',
      '  constructor constructor(products) 24-24 cc1',
      '  method add(productId, quantity) 26-31 cc3',
      '  method subtotal() 33-41 cc3',
      '  method total(discount) 43-47 cc4',
      'function mergeCarts(a, b) 50-56 cc3',
      'function isEmpty(lines) 58-58 cc1',
    ],
  },
  {
    file: 'counter_bloc.dart',
    language: 'dart',
    lines: { total: 56, code: 46, comment: 0, blank: 10 },
    imports: ['dart:async', 'package:meta/meta.dart'],
    outline: [
      'enum CounterEvent 4-4',
      'class Storage 6-9',
      '  method read(key) 7-7',
      '  method write(key, value) 8-8',
      'class CounterBloc 11-51',
      '  constructor CounterBloc(_storage, max) 12-12 cc1',
      '  method get values() 19-19 cc1',
      '  method load() 21-27 cc2',
      '  method dispatch(event) 29-43 cc6',
      '  method get value() 46-46 cc1',
      '  method close() 48-50 cc1',
      'function describe(value, verbose) 53-56 cc4',
    ],
  },
  {
    file: 'graph.cpp',
    language: 'cpp',
    lines: { total: 66, code: 55, comment: 1, blank: 10 },
    imports: ['iostream', 'limits', 'queue', 'vector'],
    outline: [
      'namespace routing 7-55',
      '  struct Edge 9-12',
      '  class Graph 14-31',
      '    constructor Graph(vertices) 16-16 cc1',
      '    method addEdge(from, to, weight) 18-23 cc5',
      '    method size() 25-25 cc1',
      '    method shortestPaths(source) 33-53 cc5',
      'function main() 57-66 cc3',
    ],
  },
  {
    file: 'inventory.js',
    language: 'javascript',
    lines: { total: 60, code: 51, comment: 1, blank: 8 },
    imports: ['node:fs', 'node:path', 'node:events'],
    outline: [
      'class Inventory 8-37',
      '  constructor constructor(items) 9-12 cc1',
      '  method add(sku, quantity) 14-25 cc4',
      '  method remove(sku, quantity) 27-32 cc3',
      '  method lowStock(threshold) 34-36 cc1',
      'function loadInventory(file) 39-49 cc3',
      "function formatReport(inventory, { currency = 'EUR' }) 51-58 cc3",
    ],
  },
  {
    file: 'layout.css',
    language: 'css',
    lines: { total: 50, code: 42, comment: 0, blank: 8 },
    imports: ['./reset.css', 'tokens.css'],
    outline: [
      'rule :root 4-7',
      'rule body 9-13',
      'rule .site-header, .site-footer 15-21',
      'rule .card > h2 23-26',
      'rule a:hover, a:focus-visible 28-31',
      'at-rule @media (max-width: 640px) 33-41',
      '  rule .site-header 34-36',
      '  rule .card 38-40',
      'at-rule @keyframes fade-in 43-50',
    ],
  },
  {
    file: 'markdown_toc.rb',
    language: 'ruby',
    lines: { total: 68, code: 54, comment: 2, blank: 12 },
    imports: ['set', 'slugger'],
    outline: [
      'module Docs 6-68',
      '  class TableOfContents 8-67',
      '    constructor initialize(markdown, max_level) 13-18 cc1',
      '    method to_markdown() 20-25 cc1',
      '    method self.from_file(path, **options) 27-29 cc1',
      '    method parse(markdown) 33-47 cc5',
      '    method add(level, title) 49-52 cc1',
      '    method unique_anchor(base) 54-66 cc3',
    ],
  },
  {
    file: 'matrix.rs',
    language: 'rust',
    lines: { total: 86, code: 74, comment: 1, blank: 11 },
    imports: ['std::fmt', 'std::ops::{Add, Mul}'],
    outline: [
      'struct Matrix 6-10',
      'enum MatrixError 13-16',
      'trait Shape 18-24',
      '  method shape() 19-19',
      '  method is_square() 20-23 cc1',
      'impl Matrix 26-63',
      '  method zeros(rows, cols) 27-29 cc1',
      '  method identity(n) 31-37 cc2',
      '  method get(r, c) 39-41 cc1',
      '  method set(r, c, value) 43-45 cc1',
      '  method multiply(other) 47-62 cc5',
      'impl Shape for Matrix 65-69',
      '  method shape() 66-68 cc1',
      'impl fmt::Display for Matrix 71-79',
      '  method fmt(f) 72-78 cc2',
      'function trace(m) 81-86 cc3',
    ],
  },
  {
    file: 'ratelimit.go',
    language: 'go',
    lines: { total: 84, code: 67, comment: 8, blank: 9 },
    imports: ['errors', 'sync', 'time'],
    outline: [
      'struct Bucket 14-18',
      '  method refill(rate, now) 58-68 cc3',
      'struct Limiter 21-26',
      '  method Allow(key, now) 42-56 cc3',
      '  method Sweep(now, idle) 71-84 cc4',
      'interface Clock 29-31',
      'function New(rate, burst) 34-39 cc3',
    ],
  },
  {
    file: 'ringbuf.c',
    language: 'c',
    lines: { total: 70, code: 62, comment: 1, blank: 7 },
    imports: ['stdbool.h', 'stddef.h', 'stdlib.h', 'ringbuf.h'],
    outline: [
      'struct ringbuf 9-15',
      'function rb_create(capacity) 17-32 cc4',
      'function rb_destroy(rb) 34-40 cc2',
      'function rb_push(rb, byte) 42-50 cc2',
      'function rb_pop(rb) 52-60 cc2',
      'function rb_read(rb, out, max) 62-70 cc3',
    ],
  },
  {
    file: 'word_stats.py',
    language: 'python',
    lines: { total: 62, code: 49, comment: 0, blank: 13 },
    imports: ['argparse', 're', 'collections', 'dataclasses', 'pathlib'],
    outline: [
      'class Stats 12-23',
      '  method merge(other) 17-20 cc1',
      '  method top(n) 22-23 cc1',
      'function tokenize(line, lowercase) 26-28 cc3',
      'function analyse(path, stop_words) 31-42 cc5',
      'function main(argv) 45-58 cc5',
    ],
  },
];

describe('code explainer: one real file per language', () => {
  it('covers all 17 languages', () => {
    expect(new Set(CASES.map((c) => c.language))).toEqual(new Set(CODE_LANGUAGES.map((l) => l.id)));
    expect(CODE_LANGUAGES).toHaveLength(17);
  });

  for (const c of CASES) {
    it(`${c.language}: ${c.file}`, async () => {
      const code = read(c.file);
      const r = await explainCode(code, { filename: c.file });
      expect(r.language).toBe(c.language);
      expect(r.syntaxErrors).toBe(0);
      expect(outline(r.symbols)).toEqual(c.outline);
      expect(r.imports.map((i) => i.source)).toEqual(c.imports);
      expect(r.lines).toEqual(c.lines);
      // the same answer when the language has to be detected from the content alone
      const detected = await explainCode(code);
      expect(detected.language).toBe(c.language);
      expect(detected.detection.method).toBe('content');
      expect(outline(detected.symbols)).toEqual(c.outline);
    });
  }
});

describe('code explainer: complexity, line kinds and walk-through', () => {
  it('counts decision points in each function, an anonymous callback adding to the function around it', async () => {
    const code = [
      'function outer(items) {', // 1
      '  items.forEach((x) => {', // the arrow function is anonymous: its branches count for outer
      '    if (x > 1 && x < 10) console.log(x);', // if + &&
      '  });',
      '  function inner(y) {', // named: counts its own
      '    return y ? 1 : 2;', // ternary
      '  }',
      '  for (const i of items) {}', // for-of
      '  switch (items.length) { case 0: break; case 1: break; default: break; }', // two cases, not the default
      '  try { inner(1); } catch (e) {}', // catch
      '  return items ?? [];', // ??
      '}',
    ].join('\n');
    const r = await explainCode(code, { language: 'javascript' });
    expect(outline(r.symbols)).toEqual(['function outer(items) 1-12 cc8', '  function inner(y) 5-7 cc2']);
    expect(r.complexity).toEqual({ functions: 2, average: 5, max: 8, mostComplex: { name: 'outer', line: 1, complexity: 8 } });
  });

  it('counts Python branches: elif, loops, except, comprehensions, boolean operators', async () => {
    const code = [
      'def grade(scores, strict=False):',
      '    passed = [s for s in scores if s > 50]',
      '    if not scores:',
      '        return None',
      '    elif strict and len(passed) < len(scores):',
      '        return "F"',
      '    while scores:',
      '        try:',
      '            scores.pop()',
      '        except IndexError:',
      '            break',
      '    return "A" if passed else "B"',
    ].join('\n');
    const r = await explainCode(code, { language: 'python' });
    // 1 + for-in-clause + if-clause + if + elif + and + while + except + conditional
    expect(r.symbols[0]).toMatchObject({ name: 'grade', params: ['scores', 'strict'], complexity: 9 });
  });

  it('tells comment lines, code lines and blank lines apart, also with non-ASCII text before a comment', async () => {
    const code = ['// Grüße — a comment', 'const a = 1; // trailing comment', '', '/* block', '   comment */', 'const b = "ü";', ''].join('\n');
    const r = await explainCode(code, { language: 'javascript' });
    expect(r.lines).toEqual({ total: 6, code: 2, comment: 3, blank: 1 });
  });

  it('does not count interface and protocol method declarations as having a complexity', async () => {
    const r = await explainCode(read('LibraryService.java'), { filename: 'LibraryService.java' });
    const notifier = r.symbols[0].children.find((s) => s.name === 'Notifier')!;
    expect(notifier.children[0]).toMatchObject({ name: 'overdue', complexity: null });
    expect(r.complexity.functions).toBe(5);
  });

  it('writes a walk-through of the structure that names items with their lines and says what it is not', async () => {
    const r = await explainCode(read('cart.ts'), { filename: 'cart.ts' });
    const text = r.walkthrough.join('\n');
    expect(r.walkthrough[0]).toBe('This is a TypeScript file of 58 lines: 48 lines of code, 0 comment lines and 10 blank lines.');
    expect(text).toContain('It imports 3 modules: zod, ./catalog and ./pricing.');
    expect(text).toContain('At the top level it defines 1 type alias, 1 interface, 1 enum, 1 class and 2 functions.');
    expect(text).toContain(
      'The class Cart (lines 20–48) has a constructor taking one parameter (products) and 3 methods: add(productId, quantity), subtotal() and total(discount).',
    );
    expect(text).toContain('The function mergeCarts (lines 50–56) takes 2 parameters (a, b).');
    expect(text).toContain('the most branching is Cart.total, with 4 (lines 43–47)');
    expect(r.walkthrough.at(-1)).toMatch(/describes how the file is organised, not what the code is meant to do/);
  });

  it('points out functions above complexity 10, main functions and the __main__ guard', async () => {
    const branches = Array.from({ length: 11 }, (_, i) => `    if x == ${i}:\n        return ${i}`).join('\n');
    const code = `def pick(x):\n${branches}\n\ndef main():\n    pick(1)\n\nif __name__ == "__main__":\n    main()\n`;
    const r = await explainCode(code, { language: 'python' });
    const text = r.walkthrough.join('\n');
    expect(text).toContain('pick (12) is above 10');
    expect(text).toContain('A function named main (lines 25–26) is, by convention, where the program starts.');
    expect(text).toContain('The block at line 28 (if __name__ == "__main__") runs only when the file is executed directly');
  });

  it('describes a style sheet by its rules and at-rules, and a Vue component by its sections', async () => {
    const css = await explainCode(read('layout.css'), { filename: 'layout.css' });
    expect(css.walkthrough.join('\n')).toContain('It has 7 rule sets and 2 at-rules, with 16 declarations in all.');
    const vue = await explainCode(read('SearchBox.vue'), { filename: 'SearchBox.vue' });
    expect(vue.walkthrough.join('\n')).toContain('The component has a template (lines 1–10), a script (lines 12–36) and a style (lines 38–43).');
    expect(vue.imports).toEqual([
      { source: 'vue', line: 13 },
      { source: '../api/articles', line: 14 },
    ]);
  });

  it('still outlines code with a syntax error, and says where the parser stopped understanding it', async () => {
    const r = await explainCode('def ok(a):\n    return a\n\ndef broken(:\n    pass\n\ndef fine(b):\n    return b\n', { language: 'python' });
    expect(r.syntaxErrors).toBeGreaterThan(0);
    expect(r.symbols.map((s) => s.name)).toContain('ok');
    expect(r.symbols.map((s) => s.name)).toContain('fine');
    expect(r.walkthrough[0]).toMatch(/The parser could not read \d+ places? \(from line 4\)/);
  });

  it('parses a 300-line file well under 100 ms once warm', async () => {
    const src = read('cart.ts');
    const code = Array.from({ length: 6 }, () => src).join('\n');
    expect(code.split('\n').length).toBeGreaterThanOrEqual(300);
    await explainCode(code, { language: 'typescript' });
    const times: number[] = [];
    for (let i = 0; i < 5; i++) times.push((await explainCode(code, { language: 'typescript' })).parseMs);
    times.sort((a, b) => a - b);
    expect(times[2]).toBeLessThan(100);
  });
});
