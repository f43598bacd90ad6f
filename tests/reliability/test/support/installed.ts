// What an npm install left in a project's node_modules: its size, and which packages run code when
// they are installed.
import { existsSync, lstatSync, readdirSync, readFileSync } from "node:fs"
import { join, relative } from "node:path"

/** Every regular file under a folder. */
export const installedFiles = (dir: string): ReadonlyArray<string> =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    return entry.isDirectory() ? installedFiles(path) : entry.isFile() ? [path] : []
  })

/** The bytes of the regular files under a folder (their length, not the disk blocks they take). */
export const folderBytes = (dir: string): number =>
  installedFiles(dir).reduce((total, file) => total + lstatSync(file).size, 0)

/** Every package folder in a node_modules tree (scoped and nested ones included). */
export const installedPackages = (modules: string): ReadonlyArray<string> =>
  readdirSync(modules, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith("."))
    .flatMap((e) =>
      e.name.startsWith("@")
        ? readdirSync(join(modules, e.name), { withFileTypes: true })
            .filter((s) => s.isDirectory())
            .map((s) => join(modules, e.name, s.name))
        : [join(modules, e.name)],
    )
    .flatMap((pkg) => [
      pkg,
      ...(existsSync(join(pkg, "node_modules")) ? installedPackages(join(pkg, "node_modules")) : []),
    ])

/**
 * The packages that would run code on install: an install, preinstall or postinstall script, or a
 * binding.gyp (npm then runs `node-gyp rebuild` itself), each as `name: what`.
 */
export const installScripts = (modules: string): ReadonlyArray<string> =>
  installedPackages(modules).flatMap((pkg) => {
    const manifest = join(pkg, "package.json")
    if (!existsSync(manifest)) return []
    const { scripts = {} } = JSON.parse(readFileSync(manifest, "utf8")) as { scripts?: Record<string, string> }
    const name = relative(modules, pkg)
    return [
      ...["preinstall", "install", "postinstall"].filter((s) => scripts[s] !== undefined).map((s) => `${name}: ${s}`),
      ...(existsSync(join(pkg, "binding.gyp")) ? [`${name}: binding.gyp`] : []),
    ]
  })

/** The largest top-level packages of a node_modules tree, in MB, for the log. */
export const largestPackages = (modules: string, count = 8): string =>
  installedPackages(modules)
    .filter((pkg) => !relative(modules, pkg).includes("node_modules"))
    .map((pkg) => ({ name: relative(modules, pkg), bytes: folderBytes(pkg) }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, count)
    .map((p) => `${p.name} ${(p.bytes / 1e6).toFixed(1)}`)
    .join(", ")
