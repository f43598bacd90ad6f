#!/usr/bin/env node
// Push time through inspire_image_push versus a plain `docker push` of an image of the same size, on
// the real engine and registry of scripts/docker-env.sh (started here unless --env names its env
// file). Prints figures; it is not a test. Needs built packages: `pnpm exec tsc -b` in
// packages/emulator and packages/core. Usage: node bench/image-push.mjs [--rounds 5] [--layer-mb 64] [--env FILE]
import { spawnSync } from "node:child_process"
import { randomBytes } from "node:crypto"
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { performance } from "node:perf_hooks"
import { fileURLToPath } from "node:url"
import { parseArgs } from "node:util"
import { imagePushOperation, invoke } from "../packages/core/dist/index.js"
import { Harbor, inspireLayer, Store, saveHarborLogin, saveInspireLogin } from "../packages/core/dist/internal.js"
import { startEmulator } from "../packages/emulator/dist/index.js"
import { median, writeReport } from "./report.mjs"

// The core package's own copy of effect, so that its services and ours are the same module.
const { Effect, Layer } = await import(
  new URL("../packages/core/node_modules/effect/dist/esm/index.js", import.meta.url)
)

const { values: args } = parseArgs({
  options: {
    rounds: { type: "string", default: "5" },
    "layer-mb": { type: "string", default: "64" },
    env: { type: "string" },
    report: { type: "string" },
  },
})
const ROUNDS = Number(args.rounds)
const LAYER_MB = Number(args["layer-mb"])
const SCRIPT = fileURLToPath(new URL("../scripts/docker-env.sh", import.meta.url))

const sh = (cmd, args, options = {}) => {
  const r = spawnSync(cmd, args, { encoding: "utf8", ...options })
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed: ${r.stderr}`)
  return r.stdout
}

/** The env file: the one given with --env, or a holder of our own on an env started (or shared) here. */
const acquire = () => {
  if (args.env !== undefined) return { file: args.env, release: () => undefined }
  const holder = `${process.pid}-bench`
  const file = sh("bash", [SCRIPT, "up", "--holder", holder]).trim().split("\n").at(-1)
  return { file, release: () => spawnSync("bash", [SCRIPT, "release", "--holder", holder], { stdio: "inherit" }) }
}

const main = async () => {
  const { file, release } = acquire()
  const denv = JSON.parse(readFileSync(file, "utf8"))
  const qb = denv.registries.qb
  const dockerEnv = { ...process.env, DOCKER_HOST: denv.dockerHost, DOCKER_BUILDKIT: "0" }
  const emu = await startEmulator({ port: 0, harborBackends: denv.harborBackends })
  // docker's own login, into a throwaway config dir (password on stdin, never in argv).
  const dockerConfig = mkdtempSync(join(tmpdir(), "inspire-bench-docker-"))
  sh("docker", ["--config", dockerConfig, "login", qb.address, "-u", qb.username, "--password-stdin"], {
    env: dockerEnv,
    input: qb.password,
  })
  try {
    const home = mkdtempSync(join(tmpdir(), "inspire-bench-"))
    const env = { INSPIRE_HOME: home, SYNERGY_HOME: home, INSPIRE_RATE_LIMIT: "1000", DOCKER_HOST: denv.dockerHost }
    const endpoint = (id, display) => ({ push: denv.registries[id].address, display, api: `${emu.url}/harbor/${id}` })
    await Effect.runPromise(
      Effect.provide(
        Effect.flatMap(Store, (s) =>
          s.updateConfig((c) =>
            Effect.succeed({
              ...c,
              profiles: {
                default: {
                  defaults: {},
                  endpoints: {
                    baseUrl: emu.url,
                    registries: {
                      qb: endpoint("qb", "docker.sii.shaipower.online"),
                      sj: endpoint("sj", "docker-t.sii.shaipower.online"),
                    },
                  },
                },
              },
            }),
          ),
        ),
        Store.layer(env),
      ),
    )
    const layer = Layer.provideMerge(Harbor.layer, inspireLayer({ env }))
    const run = (program) => Effect.runPromise(Effect.scoped(Effect.provide(program, layer)))
    await run(
      Effect.zipRight(
        saveInspireLogin(emu.demo.username, emu.demo.password),
        saveHarborLogin("qb", qb.username, qb.password),
      ),
    )

    // Two images of the same size per round, each with a layer of random bytes no registry has seen.
    const build = (ref) => {
      const dir = mkdtempSync(join(tmpdir(), "inspire-bench-image-"))
      writeFileSync(join(dir, "blob"), randomBytes(LAYER_MB * 1_000_000))
      writeFileSync(join(dir, "Dockerfile"), `FROM ${denv.image}\nCOPY blob /blob\n`)
      sh("docker", ["build", "-q", "-t", ref, dir], { env: dockerEnv })
    }
    const viaOperation = async (ref) => {
      const t0 = performance.now()
      const r = await run(invoke(imagePushOperation, { image: ref, registry: "qb" }))
      if (!r.result.harbor.confirmed) throw new Error(`push of ${ref} not confirmed`)
      return performance.now() - t0
    }
    const viaDocker = (ref) => {
      const target = `${qb.address}/inspire-studio/${ref.replace(/:.*/, "")}:v1`
      sh("docker", ["tag", ref, target], { env: dockerEnv })
      const t0 = performance.now()
      sh("docker", ["--config", dockerConfig, "push", "-q", target], { env: dockerEnv })
      return performance.now() - t0
    }

    const rows = []
    for (let round = 0; round <= ROUNDS; round++) {
      const tag = randomBytes(3).toString("hex")
      const ours = `bench-op-${tag}:v1`
      const theirs = `bench-docker-${tag}:v1`
      build(ours)
      build(theirs)
      // Alternate who goes first, so neither always meets a warmer engine or registry.
      let op
      let docker
      if (round % 2 === 0) {
        op = await viaOperation(ours)
        docker = viaDocker(theirs)
      } else {
        docker = viaDocker(theirs)
        op = await viaOperation(ours)
      }
      // Round 0 warms both paths up (dockerode's first load, the first registry connection).
      if (round > 0) rows.push({ op, docker })
      console.log(
        `round ${round}${round === 0 ? " (warm-up)" : ""}: operation ${op.toFixed(0)} ms, docker push ${docker.toFixed(0)} ms, ratio ${(op / docker).toFixed(2)}`,
      )
    }
    const op = median(rows.map((r) => r.op))
    const docker = median(rows.map((r) => r.docker))
    console.log(`layer: ${LAYER_MB} MB of random bytes per image, ${rows.length} rounds (fresh images each)`)
    console.log(`median operation (tag + push + Harbor confirmation + registration check): ${op.toFixed(0)} ms`)
    console.log(`median docker push (CLI, already logged in): ${docker.toFixed(0)} ms`)
    console.log(`ratio operation / docker push (target ≤ 1.1): ${(op / docker).toFixed(3)}`)
    writeReport({
      id: "image-push",
      title: "Image push: inspire_image_push vs docker push",
      kind: "performance",
      method:
        `Each round builds two fresh images (busybox plus ${LAYER_MB} MB of random bytes no registry has seen) on the real ` +
        "Docker engine of scripts/docker-env.sh and pushes one through inspire_image_push (registry choice, credentials, " +
        "engine ping, tag, push, Harbor confirmation, registration check) and the other with `docker push`, alternating " +
        `who goes first; round 0 warms both up. Medians over ${rows.length} rounds.`,
      rows: [
        {
          name: `push of a ${LAYER_MB} MB layer`,
          value: `${op.toFixed(0)} ms`,
          ratio: `${(op / docker).toFixed(2)}× docker push (${docker.toFixed(0)} ms)`,
          target: "≤ 1.1×",
          met: op / docker <= 1.1,
        },
      ],
    })
  } finally {
    await emu.close()
    release()
  }
}

await main()
