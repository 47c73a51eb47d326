import { describe, expect, it } from 'vitest';
import { detectLanguage, languageForFilename } from '../../src/engines/code';

describe('code language detection', () => {
  it('takes a hint first, then the file extension', async () => {
    expect(await detectLanguage('print(1)', { hint: 'ruby', filename: 'x.py' })).toMatchObject({ language: 'ruby', method: 'hint' });
    expect(await detectLanguage('print(1)', { hint: 'auto', filename: 'src/App.TSX' })).toMatchObject({ language: 'tsx', method: 'extension' });
    // an unknown hint or extension falls through to the content
    expect(await detectLanguage('def f(x):\n    return x\n', { hint: 'cobol', filename: 'notes.txt' })).toMatchObject({
      language: 'python',
      method: 'content',
    });
  });

  it('maps extensions to the 17 parsed languages', () => {
    const cases: [string, string | null][] = [
      ['a.js', 'javascript'],
      ['a.mjs', 'javascript'],
      ['a.jsx', 'javascript'],
      ['a.ts', 'typescript'],
      ['a.tsx', 'tsx'],
      ['a.py', 'python'],
      ['A.java', 'java'],
      ['a.go', 'go'],
      ['a.rs', 'rust'],
      ['a.c', 'c'],
      ['a.h', 'c'],
      ['a.cpp', 'cpp'],
      ['a.hpp', 'cpp'],
      ['a.cs', 'csharp'],
      ['a.rb', 'ruby'],
      ['a.php', 'php'],
      ['a.swift', 'swift'],
      ['a.dart', 'dart'],
      ['a.sol', 'solidity'],
      ['a.css', 'css'],
      ['a.vue', 'vue'],
      ['run.sh', null],
      ['Makefile', null],
      ['.bashrc', null],
    ];
    for (const [name, lang] of cases) expect(languageForFilename(name), name).toBe(lang);
  });

  // Short snippets as people paste them, with no file name.
  const SNIPPETS: [string, string][] = [
    ['python', 'import os\n\ndef list_files(path):\n    for name in os.listdir(path):\n        print(name)\n'],
    ['javascript', 'const add = (a, b) => a + b;\nconsole.log(add(2, 3));\n'],
    ['typescript', 'interface User {\n  id: number;\n  name: string;\n}\n\nexport function greet(u: User): string {\n  return `Hi ${u.name}`;\n}\n'],
    ['tsx', 'type Props = { label: string };\nexport function Button({ label }: Props) {\n  return <button className="btn">{label}</button>;\n}\n'],
    ['javascript', 'export default function App() {\n  return (\n    <div className="app">\n      <Header />\n    </div>\n  );\n}\n'],
    ['java', 'public class Hello {\n    public static void main(String[] args) {\n        System.out.println("Hello");\n    }\n}\n'],
    ['go', 'package main\n\nimport "fmt"\n\nfunc main() {\n\tfmt.Println("hello")\n}\n'],
    ['rust', 'fn main() {\n    let mut total = 0;\n    for i in 0..10 {\n        total += i;\n    }\n    println!("{}", total);\n}\n'],
    ['c', '#include <stdio.h>\n\nint main(void) {\n    printf("hi\\n");\n    return 0;\n}\n'],
    ['cpp', '#include <iostream>\n\nint main() {\n    std::cout << "hi" << std::endl;\n    return 0;\n}\n'],
    ['csharp', 'using System;\n\nclass Program {\n    static void Main() {\n        Console.WriteLine("hi");\n    }\n}\n'],
    ['ruby', "require 'json'\n\nclass Greeter\n  attr_reader :name\n\n  def initialize(name)\n    @name = name\n  end\nend\n"],
    ['php', '<?php\nfunction greet(string $name): string {\n    return "Hello $name";\n}\necho greet("World");\n'],
    ['swift', 'import Foundation\n\nfunc greet(name: String) -> String {\n    guard !name.isEmpty else { return "Hi" }\n    return "Hello, \\(name)"\n}\n'],
    ['dart', "import 'package:flutter/material.dart';\n\nvoid main() {\n  runApp(const MyApp());\n}\n"],
    ['solidity', 'pragma solidity ^0.8.0;\n\ncontract Counter {\n    uint256 public count;\n    function inc() public { count += 1; }\n}\n'],
    ['css', '.button {\n  color: #fff;\n  padding: 4px 8px;\n}\n\n.button:hover {\n  color: #eee;\n}\n'],
    ['vue', '<template>\n  <p>{{ msg }}</p>\n</template>\n\n<script>\nexport default { data() { return { msg: "hi" }; } };\n</script>\n'],
  ];
  for (const [lang, code] of SNIPPETS) {
    it(`recognises a ${lang} snippet from its content`, async () => {
      const d = await detectLanguage(code);
      expect(d.method).toBe('content');
      expect(d.language, JSON.stringify(d.candidates)).toBe(lang);
    });
  }

  it('reads the shebang', async () => {
    expect((await detectLanguage('#!/usr/bin/env python3\nprint("hi")\n')).language).toBe('python');
    expect((await detectLanguage('#!/usr/bin/env node\nconsole.log(1)\n')).language).toBe('javascript');
  });

  it('says why when there is no grammar for the language or no code at all', async () => {
    const sh = await detectLanguage('#!/bin/bash\necho "hi"\n');
    expect(sh.language).toBeNull();
    expect(sh.reason).toMatch(/shell/);
    const prose = await detectLanguage('Dear team, the meeting moves to Thursday at ten.');
    expect(prose.language).toBeNull();
    expect(prose.reason).toMatch(/No programming language/);
  });

  it('picks the parser with the fewest syntax errors among the plausible ones', async () => {
    // C is plausible too (an include, braces), but only the C++ parser reads the class and the namespace cleanly
    const d = await detectLanguage('#include <vector>\nnamespace geo {\nclass Point {\n public:\n  int x = 0;\n};\n}\n');
    expect(d.language).toBe('cpp');
    const cpp = d.candidates.find((c) => c.language === 'cpp')!;
    expect(cpp.errors).toBe(0);
    expect(Math.min(...d.candidates.filter((c) => c.language !== 'cpp').map((c) => c.errors))).toBeGreaterThan(0);
  });
});
