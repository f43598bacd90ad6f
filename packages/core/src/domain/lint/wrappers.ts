/** The last path segment of a command word, so `/usr/bin/wget` counts as `wget` but `/opt/wget/bin/x` does not. */
export const basename = (word: string): string => word.slice(word.lastIndexOf("/") + 1)

interface WrapperSpec {
  /** Options that take the next word as their value. */
  readonly values: ReadonlySet<string>
  /** Plain arguments that precede the wrapped command (the duration of `timeout`, the mask of `taskset`). */
  readonly positional: number
  /** `VAR=value` words may precede the wrapped command. */
  readonly assignments?: boolean
}

const spec = (values: ReadonlyArray<string>, positional = 0, assignments = false): WrapperSpec => ({
  values: new Set(values),
  positional,
  assignments,
})

const SRUN_VALUES = [
  ..."-A -c -C -D -d -e -G -i -J -L -m -M -n -N -o -p -q -r -t -T -w -W -x".split(" "),
  ..."--account --chdir --constraint --cpus-per-task --cpu-bind --dependency --distribution --error --export".split(
    " ",
  ),
  ..."--gpus --gpus-per-task --gres --input --job-name --mem --mem-per-cpu --mpi --nodelist --nodes".split(" "),
  ..."--ntasks --ntasks-per-node --output --partition --qos --time --exclude".split(" "),
]

const WRAPPERS: Readonly<Record<string, WrapperSpec>> = {
  sudo: spec(["-u", "-g", "-C", "-D", "-h", "-p", "-r", "-t", "-U"]),
  env: spec(["-u", "-C", "-S", "--unset", "--chdir"], 0, true),
  nohup: spec([]),
  exec: spec(["-a"]),
  time: spec(["-f", "-o"]),
  nice: spec(["-n", "--adjustment"]),
  ionice: spec(["-c", "-n", "-p"]),
  setsid: spec([]),
  stdbuf: spec(["-i", "-o", "-e"]),
  timeout: spec(["-s", "-k", "--signal", "--kill-after"], 1),
  taskset: spec([], 1),
  numactl: spec(["-C", "-N", "-m", "-p", "-i"]),
  xargs: spec(["-n", "-P", "-I", "-L", "-d", "-a", "-s", "-E"]),
  srun: spec(SRUN_VALUES),
  mpirun: spec([
    "-n",
    "-np",
    "-N",
    "-c",
    "-H",
    "-host",
    "--host",
    "-hostfile",
    "--hostfile",
    "-x",
    "-wdir",
    "--map-by",
  ]),
  mpiexec: spec(["-n", "-np", "-N", "-c", "-H", "-host", "--host", "-hostfile", "--hostfile", "-x", "-wdir"]),
}

/** Tools whose `run` subcommand runs the rest inside an activated environment. */
const RUNNERS: Readonly<Record<string, WrapperSpec>> = {
  conda: spec(["-n", "--name", "-p", "--prefix", "--cwd"]),
  mamba: spec(["-n", "--name", "-p", "--prefix", "--cwd"]),
  micromamba: spec(["-n", "--name", "-p", "--prefix", "--cwd"]),
  uv: spec(["--with", "--python", "-p", "--project", "--directory", "--env-file", "--extra", "--group"]),
  poetry: spec([]),
  pixi: spec(["-e", "--environment", "--manifest-path"]),
}

/** A command with its wrappers (`sudo`, `env`, `nohup`, `srun`, `conda run`, …) peeled off. */
export interface Unwrapped {
  readonly words: ReadonlyArray<string>
  /** The wrappers in order, by name (`srun`, `conda run`). */
  readonly wrappers: ReadonlyArray<string>
  /** How many leading words were wrappers, options and their values. */
  readonly offset: number
}

/** Skips a wrapper's options, option values and leading positionals; returns the index of the wrapped command. */
const skipOptions = (words: ReadonlyArray<string>, from: number, wrapper: WrapperSpec): number => {
  let i = from
  let positional = wrapper.positional
  while (i < words.length) {
    const w = words[i] ?? ""
    if (w === "--") return i + 1
    if (wrapper.assignments === true && /^[A-Za-z_][A-Za-z0-9_]*=/.test(w)) {
      i++
      continue
    }
    if (w.startsWith("-") && w.length > 1) {
      i += wrapper.values.has(w) ? 2 : 1
      continue
    }
    if (positional === 0) return i
    positional--
    i++
  }
  return i
}

/** Peels wrappers off a command so the rules see the program that really runs. */
export const unwrapCommand = (words: ReadonlyArray<string>): Unwrapped => {
  const wrappers: Array<string> = []
  let i = 0
  while (i < words.length && wrappers.length < 8) {
    const name = basename(words[i] ?? "")
    const wrapper = WRAPPERS[name]
    const runner = RUNNERS[name]
    if (Object.hasOwn(WRAPPERS, name) && wrapper !== undefined) {
      wrappers.push(name)
      i = skipOptions(words, i + 1, wrapper)
      continue
    }
    if (Object.hasOwn(RUNNERS, name) && runner !== undefined && words[i + 1] === "run") {
      wrappers.push(`${name} run`)
      i = skipOptions(words, i + 2, runner)
      continue
    }
    if (name === "command" && words[i + 1] !== "-v" && words[i + 1] !== "-V") {
      wrappers.push(name)
      i++
      continue
    }
    break
  }
  return { words: words.slice(i), wrappers, offset: i }
}

const SHELLS = new Set(["bash", "sh", "zsh", "dash", "ksh"])

/** The `-c` body of a `bash -c '...'`-style command, with its index in `words` and whether it is a login shell. */
export interface ShellBody {
  readonly index: number
  readonly body: string
  readonly login: boolean
}

/** Finds the script a shell runs with `-c`, so that the commands inside it are linted too. */
export const shellBody = (words: ReadonlyArray<string>): ShellBody | undefined => {
  if (!SHELLS.has(basename(words[0] ?? ""))) return undefined
  let command = false
  let login = false
  for (let i = 1; i < words.length; i++) {
    const w = words[i] ?? ""
    if (w === "--login" || w === "-l") login = true
    if (w === "-o" || w === "+o" || w === "-O" || w === "+O") {
      i++
      continue
    }
    if (/^-[a-zA-Z]+$/.test(w)) {
      command ||= w.includes("c")
      login ||= w.includes("l")
      continue
    }
    if (w.startsWith("-")) continue
    return command ? { index: i, body: w, login } : undefined
  }
  return undefined
}
