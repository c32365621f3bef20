/**
 * The TypeScript examples of docs/testing-control.md compile: each ```ts block is type-checked as a module of
 * its own, against the packages' sources, with the repository's compiler options.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../", import.meta.url));

/** Every ```ts block of a Markdown file under docs/. */
function examples(doc: string): string[] {
  const text = readFileSync(path.join(root, "docs", doc), "utf8");
  return [...text.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] ?? "");
}

/** Type-check files that exist only in memory (under docs/), and answer each one's diagnostics as text. */
function typecheck(files: Record<string, string>): Record<string, string[]> {
  const configPath = path.join(root, "tsconfig.json");
  const { config, error } = ts.readConfigFile(configPath, ts.sys.readFile);
  if (error)
    throw new Error(`Failed to read ${configPath}: ${ts.flattenDiagnosticMessageText(error.messageText, "\n")}`);
  const options = { ...ts.parseJsonConfigFileContent(config, ts.sys, root).options, noEmit: true };
  const virtual = new Map(Object.entries(files).map(([name, text]) => [path.join(root, "docs", name), text]));
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (name, language, ...rest) => {
    const text = virtual.get(name);
    return text !== undefined ? ts.createSourceFile(name, text, language) : getSourceFile(name, language, ...rest);
  };
  host.fileExists = (name) => virtual.has(name) || fileExists(name);
  host.readFile = (name) => virtual.get(name) ?? readFile(name);
  const program = ts.createProgram([...virtual.keys()], options, host);
  const result: Record<string, string[]> = {};
  for (const [file, name] of [...virtual.keys()].map((f) => [f, path.basename(f)] as const)) {
    const source = program.getSourceFile(file);
    result[name] = ts
      .getPreEmitDiagnostics(program, source)
      .map((d) => `${name}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
  }
  return result;
}

describe("docs/testing-control.md", () => {
  it("every TypeScript example compiles (and a broken one would not)", () => {
    const blocks = examples("testing-control.md");
    expect(blocks).toHaveLength(8);
    const files = Object.fromEntries(blocks.map((code, i) => [`testing-control-${i + 1}.ts`, code]));
    files["broken.ts"] = `${blocks[0]}\nawait fake.advance("one hour");\n`;
    const { "broken.ts": broken, ...problems } = typecheck(files);
    expect(Object.values(problems).flat()).toEqual([]);
    expect(broken?.join("\n")).toMatch(/Argument of type 'string' is not assignable to parameter of type 'number'/);
  });
});

describe("docs/conformance.md", () => {
  it("the TypeScript example compiles", () => {
    const blocks = examples("conformance.md");
    expect(blocks).toHaveLength(1);
    const problems = typecheck({ "conformance-1.ts": blocks[0] ?? "" });
    expect(Object.values(problems).flat()).toEqual([]);
  });
});
