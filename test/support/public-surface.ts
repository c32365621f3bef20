/**
 * `listExports()`: the public surface of a package entry file as the TypeScript compiler sees it, for tests that
 * pin a package's exports to a committed list (so any change to the surface shows up as a diff in review).
 */
import path from "node:path";
import ts from "typescript";

/**
 * Every export name of an entry file, values and types alike, sorted; a name that can only be used as a type
 * (an interface, a type alias, or anything re-exported with `export type`) is prefixed with `"type "`.
 *
 * @example
 * ```ts
 * listExports("packages/sdk/src/index.ts"); // ["ActionFailedError", …, "type Action", …]
 * ```
 */
export function listExports(entryFile: string): string[] {
  const file = path.resolve(entryFile);
  const { configPath, options } = compilerOptionsFor(file);
  const program = ts.createProgram({ rootNames: [file], options, host: cachingHost(configPath, options) });
  const source = program.getSourceFile(file);
  if (!source) throw new Error(`Failed to list exports: ${entryFile} is not a TypeScript file the compiler can read`);
  const problems = ts.getPreEmitDiagnostics(program, source);
  if (problems.length > 0) {
    const text = ts.formatDiagnostics(problems, {
      getCanonicalFileName: (name) => name,
      getCurrentDirectory: () => process.cwd(),
      getNewLine: () => "\n",
    });
    throw new Error(`Failed to list exports: ${entryFile} does not compile:\n${text}`);
  }
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(source);
  if (!module) return []; // a file without imports or exports is a script: it exports nothing
  return checker
    .getExportsOfModule(module)
    .map((symbol) => (isTypeOnly(symbol, checker) ? `type ${symbol.name}` : symbol.name))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The options of the tsconfig that governs the file (the package's own), without emit. */
function compilerOptionsFor(file: string): { configPath: string; options: ts.CompilerOptions } {
  const configPath = ts.findConfigFile(path.dirname(file), ts.sys.fileExists);
  if (!configPath) {
    return {
      configPath: "",
      options: { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler },
    };
  }
  const { config, error } = ts.readConfigFile(configPath, ts.sys.readFile);
  if (error)
    throw new Error(`Failed to read ${configPath}: ${ts.flattenDiagnosticMessageText(error.messageText, "\n")}`);
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, path.dirname(configPath));
  return { configPath, options: { ...parsed.options, noEmit: true } };
}

// Parsed files, shared by the programs of one tsconfig: a package's second entry (the fake's `./node`) then
// costs its own checking only, not parsing the ~450 files (lib, @types/node, msw) again (4 s of 5).
const parsedFiles = new Map<string, ts.SourceFile | undefined>();

/** A compiler host that parses each file once per tsconfig and language settings. */
function cachingHost(configPath: string, options: ts.CompilerOptions): ts.CompilerHost {
  const host = ts.createCompilerHost(options);
  const parse = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, language, onError, shouldCreate) => {
    const settings =
      typeof language === "object" ? `${language.languageVersion}:${language.impliedNodeFormat}` : String(language);
    const key = `${configPath}\0${settings}\0${fileName}`;
    if (!parsedFiles.has(key)) parsedFiles.set(key, parse(fileName, language, onError, shouldCreate));
    return parsedFiles.get(key);
  };
  return host;
}

/**
 * Whether an export can only be used as a type: some link of its re-export chain is `export type` /
 * `export { type X }`, or what it finally names has no value side (interfaces, type aliases).
 */
function isTypeOnly(symbol: ts.Symbol, checker: ts.TypeChecker): boolean {
  let current = symbol;
  for (const seen = new Set<ts.Symbol>(); current.flags & ts.SymbolFlags.Alias && !seen.has(current); ) {
    seen.add(current);
    if (current.declarations?.some(isTypeOnlyDeclaration)) return true;
    const next = checker.getImmediateAliasedSymbol(current);
    if (!next) break;
    current = next;
  }
  const target = current.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(current) : current;
  return (target.flags & ts.SymbolFlags.Value) === 0;
}

function isTypeOnlyDeclaration(declaration: ts.Declaration): boolean {
  if (ts.isExportSpecifier(declaration)) return declaration.isTypeOnly || declaration.parent.parent.isTypeOnly;
  if (ts.isImportSpecifier(declaration)) return declaration.isTypeOnly || isTypeOnlyClause(declaration.parent.parent);
  if (ts.isImportClause(declaration)) return isTypeOnlyClause(declaration);
  if (ts.isNamespaceExport(declaration)) return declaration.parent.isTypeOnly;
  return false;
}

function isTypeOnlyClause(clause: ts.ImportClause): boolean {
  return clause.phaseModifier === ts.SyntaxKind.TypeKeyword;
}
