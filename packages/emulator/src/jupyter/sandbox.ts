import { lstatSync, mkdirSync, realpathSync } from "node:fs"
import { dirname, join, posix, sep } from "node:path"

/** The Jupyter server's answer to a request it refuses: `{message, reason}` with an HTTP status. */
export class JupyterError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly reason: string | null = null,
  ) {
    super(message)
  }
}

/** The most one contents request may carry or return (decoded bytes); over it is 413. */
export const MAX_CONTENT_BYTES = 64 * 1024 * 1024

/** Where a notebook's processes and files live on the emulator's machine. */
export interface NotebookPlace {
  readonly id: string
  /** The notebook's storage: HOME, the terminals' cwd, and the contents API's root. */
  readonly root: string
  /** `/{ws}/{project}/{user}/jupyter/{id}/{token}`, as the notebook's `NB_PREFIX`. */
  readonly prefix: string
  /** The value of a variable in every process's environment, so the notebook's processes can all be found and killed. */
  readonly marker: string
}

const exists = (p: string): boolean => {
  try {
    lstatSync(p)
    return true
  } catch {
    return false
  }
}

/** Creates (once) the sandbox folder of a notebook under the emulator's root. */
export const sandboxFor = (rootDir: string, id: string): string => {
  const dir = join(rootDir, "notebooks", id)
  mkdirSync(dir, { recursive: true })
  return realpathSync(dir)
}

/**
 * The project's shared storage as the notebook sees it, `/inspire/{hdd,ssd}/project/<en_name>/`, made (once)
 * inside its sandbox: the Jupyter root stands for the container's `/`.
 */
export const mountStorage = (sandbox: string, enName: string | undefined): void => {
  if (enName === undefined || enName === "" || /[/\\\0]|^\.\.?$/.test(enName)) return
  for (const tier of ["hdd", "ssd"]) mkdirSync(join(sandbox, "inspire", tier, "project", enName), { recursive: true })
}

const PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"

/**
 * The environment of a notebook's shells (§3.8), built from scratch: nothing of the emulator's own
 * environment (which may hold secrets) leaks in.
 */
export const notebookEnv = (place: NotebookPlace, base: string, markerName: string): NodeJS.ProcessEnv => ({
  PATH,
  HOME: place.root,
  PWD: place.root,
  SHELL: "/bin/sh",
  TERM: "xterm",
  LANG: "C.UTF-8",
  PS1: "$ ",
  NB_PREFIX: place.prefix,
  JUPYTER_SERVER_URL: `${base}${place.prefix}/`,
  WORKSPACE_DIR: place.root,
  SERVER_TYPE: "NOTEBOOK",
  MY_POD_NAME: `notebook-${place.id.slice(0, 8)}-0`,
  [markerName]: place.marker,
})

/** Jupyter's API paths are relative to the root; leading and trailing slashes do not count. */
export const apiPath = (raw: string): string => {
  const parts = raw.split("/").filter((p) => p !== "" && p !== ".")
  return parts.join("/")
}

/** Hidden as Jupyter judges it: on the path with its `..` resolved (`data/../x` is `x`). */
export const isHidden = (path: string): boolean =>
  posix
    .normalize(path)
    .split("/")
    .some((p) => p.startsWith(".") && p !== ".")

/**
 * The OS path of an API path, confined to the root: a `..` that leaves it, a NUL byte, or a symlink whose
 * target lies outside it answer 404 as Jupyter's file manager does ("… is outside root contents
 * directory"); a `..` that stays inside resolves, as there.
 */
export const osPath = (root: string, path: string): string => {
  if (path.includes("\0")) throw new JupyterError(400, `${path} is not a valid path`)
  const full = path === "" ? root : join(root, ...path.split("/"))
  if (full !== root && !full.startsWith(root + sep)) {
    throw new JupyterError(404, `${path} is outside root contents directory`)
  }
  // Resolve the deepest part that exists: a symlink anywhere on the way must stay inside the root.
  // A dangling symlink counts as outside: writing through it would land wherever it points.
  let probe = full
  while (!exists(probe) && probe !== root) probe = dirname(probe)
  let real = ""
  try {
    real = realpathSync(probe)
  } catch {
    real = ""
  }
  if (real !== root && !real.startsWith(root + sep)) {
    throw new JupyterError(404, `${path} is outside root contents directory`)
  }
  return full
}
