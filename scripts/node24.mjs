// The second Node that `npm test` and the cold-start benchmark run on: the current LTS line, while
// the engines field still admits Node 20 (past its end of life, but what this project's machines
// have). It comes from the npm registry, where the package node-<os>-<arch> holds the official
// binary, so it installs wherever npm does; it is kept in .tools/node24, beside the pinned pnpm.
import { execFileSync, spawnSync } from "node:child_process"
import { join } from "node:path"

/** The pinned version: the newest 24.x on the npm registry when this was set up (2026-12-03). */
export const NODE24_VERSION = "24.22.3"

const packageName = `node-${process.platform}-${process.arch}`

/** Where the pinned Node 24 binary lives under the repository `root`. */
export const node24Path = (root) => join(root, ".tools", "node24", "node_modules", packageName, "bin", "node")

const versionOf = (node) => {
  const r = spawnSync(node, ["--version"], { encoding: "utf8" })
  return r.status === 0 ? r.stdout.trim() : undefined
}

/**
 * The pinned Node 24, installed into .tools/node24 first when it is missing or another version
 * (a few seconds from the registry). Throws with what to do when it cannot be installed or run.
 */
export const ensureNode24 = (root, env = process.env) => {
  const node = node24Path(root)
  if (versionOf(node) === `v${NODE24_VERSION}`) return node
  console.error(
    `[setup] Node ${NODE24_VERSION} (for the Node 24 test pass and benchmark) is missing; installing it into .tools/node24`,
  )
  execFileSync(
    "npm",
    [
      "install",
      "--no-save",
      "--no-package-lock",
      "--no-audit",
      "--no-fund",
      "--prefix",
      join(root, ".tools", "node24"),
      `${packageName}@${NODE24_VERSION}`,
    ],
    { stdio: ["ignore", "inherit", "inherit"], env },
  )
  const now = versionOf(node)
  if (now !== `v${NODE24_VERSION}`)
    throw new Error(
      `could not run Node ${NODE24_VERSION} from ${node} after installing ${packageName} (got ${now ?? "nothing"}); ` +
        "check that the npm registry is reachable, or delete .tools/node24 and run the command again.",
    )
  return node
}
