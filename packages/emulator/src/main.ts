#!/usr/bin/env node
import { parseArgs } from "node:util"
import { type HarborBackendOptions, readHarborBackends, startEmulator } from "./index.js"

const usage =
  "usage: inspire-emulator [--port N] [--host 127.0.0.1] [--speed X] [--state FILE] [--realistic [--burst N] [--rps X]] [--harbor-backends FILE] [--tls]"

const fail = (message: string): never => {
  process.stderr.write(`inspire-emulator: ${message} (${usage})\n`)
  process.exit(2)
}

const parse = () => {
  try {
    return parseArgs({
      options: {
        port: { type: "string", default: "0" },
        host: { type: "string", default: "127.0.0.1" },
        speed: { type: "string", default: "60" },
        state: { type: "string" },
        realistic: { type: "boolean", default: false },
        burst: { type: "string", default: "3" },
        rps: { type: "string", default: "3" },
        "harbor-backends": { type: "string" },
        tls: { type: "boolean", default: false },
        help: { type: "boolean", default: false },
      },
      allowPositionals: false,
    }).values
  } catch (e) {
    return fail(e instanceof Error ? e.message : String(e))
  }
}

const main = async () => {
  const values = parse()
  if (values.help) {
    process.stdout.write(`${usage}\n`)
    return
  }
  const port = Number(values.port)
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    fail(`--port must be an integer 0-65535, got "${values.port}"`)
  const speed = Number(values.speed)
  if (!Number.isFinite(speed) || speed <= 0) fail(`--speed must be a positive number, got "${values.speed}"`)
  const burst = Number(values.burst)
  if (!Number.isInteger(burst) || burst < 1) fail(`--burst must be a positive integer, got "${values.burst}"`)
  const rps = Number(values.rps)
  if (!Number.isFinite(rps) || rps <= 0) fail(`--rps must be a positive number, got "${values.rps}"`)
  // A file, never the passwords themselves: a command line is visible to every user of the machine.
  const backendsFile = values["harbor-backends"] ?? process.env.INSPIRE_EMULATOR_HARBOR_BACKENDS
  let harborBackends: HarborBackendOptions | undefined
  if (backendsFile !== undefined && backendsFile !== "") {
    try {
      harborBackends = readHarborBackends(backendsFile)
    } catch (e) {
      fail(`--harbor-backends: ${e instanceof Error ? e.message : String(e)}`)
    }
  }
  const emu = await startEmulator({
    port,
    host: values.host,
    speed,
    realistic: values.realistic,
    tls: values.tls,
    limiter: { burst, rps },
    ...(values.state ? { state: values.state } : {}),
    ...(harborBackends !== undefined ? { harborBackends } : {}),
    log: (line) => process.stderr.write(`${line}\n`),
  })
  // The ready line: everything a client needs, Harbor included (qb's account at the top level of
  // `harbor`, as before, with its URL; sj's under `harbor.sj`); with --tls, `ca`: the certificate to trust.
  const harbor = {
    url: emu.harborUrls.qb,
    ...emu.demo.harbor.qb,
    sj: { url: emu.harborUrls.sj, ...emu.demo.harbor.sj },
  }
  const ready = {
    url: emu.url,
    ...(emu.ca === undefined ? {} : { ca: emu.ca }),
    username: emu.demo.username,
    password: emu.demo.password,
    harbor,
  }
  const stop = (signal: string) => {
    process.stderr.write(`inspire-emulator: ${signal}, shutting down\n`)
    emu.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  }
  // Before the ready line: a client may signal as soon as it reads it.
  process.once("SIGINT", () => stop("SIGINT"))
  process.once("SIGTERM", () => stop("SIGTERM"))
  process.stdout.write(`${JSON.stringify(ready)}\n`)
  process.stderr.write(`inspire-emulator listening on ${emu.url} (speed ${speed}x)\n`)
}

main().catch((e: unknown) => {
  process.stderr.write(`inspire-emulator: ${e instanceof Error ? e.message : String(e)}\n`)
  process.exit(1)
})
