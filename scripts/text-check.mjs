#!/usr/bin/env node
// Finds a Text (core's words/text.ts) flattened into a plain string, where the compiler cannot see it: a
// `${…}` of a template literal, a `+`, an array's `join`, or a `String(…)`. Each would say the text in
// English whatever the reader's language, with references in MCP terms: build a Text instead (the `text`
// tag, `joinText`) or word it at the frontend (`renderWords`). `String(…)` is allowed where a line says
// why (a comment with "English" on the line or the line above).
//   node scripts/text-check.mjs [package dir …]   (relative to the current folder; default: core and the three apps)
import { readFileSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import ts from "typescript"

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..")
const DEFAULT = ["packages/core", "apps/cli", "apps/mcp", "apps/synergy-plugin"].map((p) => join(root, p))
const packages = process.argv.length > 2 ? process.argv.slice(2).map((p) => resolve(p)) : DEFAULT

const isTextType = (checker, type) => {
  if (type.isUnion()) return type.types.some((t) => isTextType(checker, t))
  const symbol = type.getSymbol() ?? type.aliasSymbol
  if (symbol?.getName() !== "Text") return false
  return (symbol.getDeclarations() ?? []).some(
    (d) =>
      /words[\\/]text\.(ts|d\.ts)$/.test(d.getSourceFile().fileName) ||
      /core[\\/]dist[\\/]/.test(d.getSourceFile().fileName),
  )
}

const elementIsText = (checker, type) => {
  const element = checker.getIndexTypeOfType(type, ts.IndexKind.Number)
  return element !== undefined && isTextType(checker, element)
}

const findings = []
for (const pkg of packages) {
  const config = ts.readConfigFile(join(pkg, "tsconfig.json"), ts.sys.readFile)
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, pkg)
  const program = ts.createProgram({ rootNames: parsed.fileNames, options: { ...parsed.options, noEmit: true } })
  const checker = program.getTypeChecker()
  for (const file of program.getSourceFiles()) {
    if (file.isDeclarationFile || !file.fileName.startsWith(join(pkg, "src"))) continue
    const lines = readFileSync(file.fileName, "utf8").split("\n")
    const report = (node, what) => {
      const { line } = file.getLineAndCharacterOfPosition(node.getStart())
      if (what === "String(…)" && /English/.test(`${lines[line - 1] ?? ""}\n${lines[line] ?? ""}`)) return
      findings.push(`${relative(root, file.fileName)}:${line + 1}: a Text flattened by ${what}`)
    }
    const visit = (node) => {
      if (ts.isTemplateExpression(node) && !ts.isTaggedTemplateExpression(node.parent)) {
        for (const span of node.templateSpans)
          if (isTextType(checker, checker.getTypeAtLocation(span.expression))) report(span.expression, "`${…}`")
      } else if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
        if ([node.left, node.right].some((side) => isTextType(checker, checker.getTypeAtLocation(side))))
          report(node, "+")
      } else if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        node.expression.name.text === "join" &&
        elementIsText(checker, checker.getTypeAtLocation(node.expression.expression))
      ) {
        report(node, "join")
      } else if (
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === "String" &&
        node.arguments.length === 1 &&
        isTextType(checker, checker.getTypeAtLocation(node.arguments[0]))
      ) {
        report(node, "String(…)")
      }
      ts.forEachChild(node, visit)
    }
    visit(file)
  }
}
for (const f of findings) console.log(f)
if (findings.length > 0) {
  console.error(`${findings.length} texts flattened into strings (see the top of scripts/text-check.mjs)`)
  process.exit(1)
}
