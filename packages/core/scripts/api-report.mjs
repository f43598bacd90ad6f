#!/usr/bin/env node
// The API reports: every name an entry of `@holos-inspire/core` exports, with its declaration as the
// built .d.ts files give it, and every declaration of core those reach without exporting it by name (a
// result's row type, a base class). Comments and module paths are left out, so moving or documenting a
// type does not change a report; changing what an importer can see does. Two entries are recorded:
// the root (api/public-api.md, what library users may rely on) and `/internal` (api/internal-api.md,
// what the project's own apps, tests, benches and scripts use; it promises nothing, but changes show).
//   node scripts/api-report.mjs           rewrite both reports from dist/ (`npm run generate` builds first)
//   node scripts/api-report.mjs --check   exit 1, naming each stale report, when the build differs
//   --dir DIR                             compare with (or write) the reports in DIR instead of api/
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join, relative, sep } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import { parseArgs } from "node:util"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const ts = createRequire(join(root, "package.json"))("typescript")
const dist = join(root, "dist")
export const FIX = "npm run generate"

/** The recorded entries: the built declarations each is read from, and the report it is written to. */
export const REPORTS = [
  {
    name: "public",
    entry: "index.d.ts",
    file: "public-api.md",
    title: "`@holos-inspire/core`: the public API",
    about: [
      "Core's tests fail when the build no longer matches this file: a change here is a change to what",
      "library users can see, so review it as one. `@holos-inspire/core/internal` is recorded apart, in internal-api.md.",
    ],
  },
  {
    name: "internal",
    entry: "internal.d.ts",
    file: "internal-api.md",
    title: "`@holos-inspire/core/internal`: the internal API",
    about: [
      "What the project's own apps, tests, benches and scripts import from core beyond its public entry.",
      "It promises library users nothing; core's tests fail when the build no longer matches this file, so",
      "that a change to it is still seen in review.",
    ],
  },
]

const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed })

const printed = new WeakMap()
const byText = (file) => (a, b) => {
  for (const n of [a, b]) if (!printed.has(n)) printed.set(n, printer.printNode(ts.EmitHint.Unspecified, n, file))
  const x = printed.get(a)
  const y = printed.get(b)
  return x < y ? -1 : x > y ? 1 : 0
}

// tsc writes the members of a union, and the properties of an object type it inferred (a zod enum's
// `{ get: "get"; set: "set" }`), in the order it first met their types, which an unrelated edit can
// change. Neither order means anything, so both are sorted: the report then changes only with the API.
const canonical = (file) => (context) => {
  const visit = (node) => {
    const n = ts.visitEachChild(node, visit, context)
    if (ts.isUnionTypeNode(n))
      return ts.factory.updateUnionTypeNode(n, ts.factory.createNodeArray([...n.types].sort(byText(file))))
    if (!ts.isTypeLiteralNode(n)) return n
    const properties = n.members.filter(ts.isPropertySignature).sort(byText(file))
    const others = n.members.filter((m) => !ts.isPropertySignature(m))
    return ts.factory.updateTypeLiteralNode(n, ts.factory.createNodeArray([...properties, ...others]))
  }
  return visit
}

// A declaration as text, without comments, in canonical order, and without the paths of core's own
// modules: `import("./api/jobs/create.js").CreatedJob<…>` reads `CreatedJob<…>` (it is listed by name).
const textOf = (node) => {
  const service = serviceText(node)
  if (service !== undefined) return service
  const file = node.getSourceFile()
  const [sorted] = ts.transform(node, [canonical(file)]).transformed
  return printer
    .printNode(ts.EmitHint.Unspecified, sorted, file)
    .replace(/import\("\.{1,2}\/[^"]*"\)\./g, "")
    .trimEnd()
}

// TypeScript names files with forward slashes on every platform.
const distPrefix = `${dist.split(sep).join("/")}/`
const ofCore = (declaration) => declaration.getSourceFile().fileName.startsWith(distPrefix)

// Declarations a type can name; a type parameter or a parameter is part of its owner's text.
const RECORDED = new Set([
  ts.SyntaxKind.InterfaceDeclaration,
  ts.SyntaxKind.TypeAliasDeclaration,
  ts.SyntaxKind.ClassDeclaration,
  ts.SyntaxKind.VariableDeclaration,
  ts.SyntaxKind.FunctionDeclaration,
  ts.SyntaxKind.EnumDeclaration,
  ts.SyntaxKind.ModuleDeclaration,
])

// The statement a declaration is printed as: a variable's whole `declare const x: …` statement.
const statementOf = (declaration) => (ts.isVariableDeclaration(declaration) ? declaration.parent.parent : declaration)

// An Effect service of core (`class Store extends Store_base`, the base a `Context.TagClass`): programs
// given to `client.run` may need one, but only core provides it, so its shape is core's business and is
// recorded by name only.
const tagOf = (statement) => {
  if (!ts.isVariableStatement(statement)) return undefined
  const [declaration] = statement.declarationList.declarations
  const type = declaration?.type
  if (type === undefined || !ts.isTypeReferenceNode(type) || type.typeName.getText() !== "Context.TagClass")
    return undefined
  const [self, key] = type.typeArguments ?? []
  return { base: declaration.name.getText(), self: self?.getText(), key: key?.getText() }
}

const serviceText = (statement) => {
  const tag = tagOf(statement)
  if (tag !== undefined) return `declare const ${tag.base}: Context.TagClass<${tag.self}, ${tag.key}, /* internal */>;`
  if (!ts.isClassDeclaration(statement)) return undefined
  const base = statement.heritageClauses?.[0]?.types[0]?.expression.getText()
  const file = statement.getSourceFile()
  const tagged = base !== undefined && file.statements.some((s) => tagOf(s)?.base === base)
  return tagged ? `export declare class ${statement.name?.getText()} extends ${base} {}` : undefined
}

const rightmost = (name) => {
  if (name === undefined) return undefined
  if (ts.isIdentifier(name)) return name
  if (ts.isQualifiedName(name)) return name.right
  if (ts.isPropertyAccessExpression(name)) return name.name
  return undefined
}

/** Every declaration of core that a declaration's types name, found through the checker. */
const referencedBy = (checker, node) => {
  const found = []
  const visit = (n) => {
    let name
    if (ts.isTypeReferenceNode(n)) name = rightmost(n.typeName)
    else if (ts.isExpressionWithTypeArguments(n)) name = rightmost(n.expression)
    else if (ts.isTypeQueryNode(n)) name = rightmost(n.exprName)
    else if (ts.isImportTypeNode(n)) name = rightmost(n.qualifier)
    if (name !== undefined) {
      let symbol = checker.getSymbolAtLocation(name)
      if (symbol !== undefined && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol)
      for (const d of symbol?.declarations ?? []) if (RECORDED.has(d.kind) && ofCore(d)) found.push(statementOf(d))
    }
    ts.forEachChild(n, visit)
  }
  visit(node)
  return found
}

/** The text of a report (one of REPORTS) for its built entry. */
export const renderReport = (report) => {
  const entry = join(dist, report.entry)
  if (!existsSync(entry))
    throw new Error("packages/core is not built: run `pnpm exec turbo run build --filter=@holos-inspire/core` first.")
  const program = ts.createProgram([entry], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    skipLibCheck: true,
    noEmit: true,
    types: ["node"],
  })
  const checker = program.getTypeChecker()
  const exported = checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(entry)))
  const seen = new Set()
  const queue = []
  const take = (statement) => {
    if (seen.has(statement)) return false
    seen.add(statement)
    queue.push(statement)
    return true
  }
  const named = [...exported]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((symbol) => {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol
      const statements = (target.declarations ?? []).map(statementOf)
      for (const s of statements) take(s)
      return { name: symbol.name, text: statements.map(textOf).join("\n") }
    })
  const reached = []
  while (queue.length > 0) {
    const statement = queue.shift()
    // A service is recorded by name: its base is reached, the shape behind it is not.
    const service = serviceText(statement) !== undefined
    const walked = !service ? statement : ts.isClassDeclaration(statement) ? statement.heritageClauses[0] : undefined
    if (walked === undefined) continue
    for (const next of referencedBy(checker, walked)) if (take(next)) reached.push(next)
  }
  const block = (entries) => ["```ts", ...entries, "```"].join("\n")
  const others = [...new Set(reached.map(textOf))].sort()
  return [
    `# ${report.title}`,
    "",
    `Generated from the built declarations by \`${FIX}\` (packages/core/scripts/api-report.mjs); do not edit.`,
    ...report.about,
    "",
    `## Exported names (${named.length})`,
    "",
    block(named.map((n) => `// ${n.name}\n${n.text}\n`)),
    "",
    `## Declarations they reach without exporting them by name (${others.length})`,
    "",
    block(others.map((t) => `${t}\n`)),
    "",
  ].join("\n")
}

// The first lines where two texts differ, to say what changed without a diff tool.
const firstDifferences = (want, have, count = 6) => {
  const a = want.split("\n")
  const b = have.split("\n")
  const at = a.findIndex((line, i) => line !== b[i])
  const from = at < 0 ? Math.min(a.length, b.length) : at
  return [
    `First difference, at line ${from + 1}; the report has:`,
    ...b.slice(from, from + count).map((l) => `  ${l}`),
    "and the build has:",
    ...a.slice(from, from + count).map((l) => `  ${l}`),
  ].join("\n")
}

const rendered = new Map()

/**
 * The stale reports among those in `dir` (the committed ones by default): for each, what to say. Each
 * entry is rendered once per process, however often this is asked.
 */
export const staleReports = (dir = join(root, "api")) => {
  const stale = []
  for (const report of REPORTS) {
    const file = join(dir, report.file)
    if (!rendered.has(report.file)) rendered.set(report.file, renderReport(report))
    const want = rendered.get(report.file)
    const have = existsSync(file) ? readFileSync(file, "utf8") : ""
    if (want === have) continue
    stale.push({
      report,
      file,
      want,
      message: [
        `The ${report.name} API changed: run \`${FIX}\` at the repository root and commit the file (${relative(process.cwd(), file)}).`,
        "If the change was not meant, the diff of that file shows what an importer would see differ.",
        firstDifferences(want, have),
      ].join("\n"),
    })
  }
  return stale
}

const main = () => {
  const { values } = parseArgs({ options: { check: { type: "boolean" }, dir: { type: "string" } } })
  const stale = staleReports(values.dir)
  if (values.check) {
    if (stale.length === 0) return
    console.error(stale.map((s) => s.message).join("\n\n"))
    process.exit(1)
  }
  for (const { report, file, want } of stale) {
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(`${file}.tmp`, want)
    renameSync(`${file}.tmp`, file)
    console.error(`${report.name} API report written: ${relative(process.cwd(), file)}`)
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) main()
