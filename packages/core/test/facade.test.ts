import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import {
  configOperation,
  createInspireClient,
  InspireError,
  invoke,
  type JobsResult,
  methodName,
  OPERATIONS,
  type OperationInput,
  type OperationResult,
  type StatusResult,
  type SubmitResult,
  statusOperation,
  type Worded,
} from "../src/index.js"
import { resolvedDefaults } from "../src/operations/common/defaults.js"
import { trainingInput } from "./api/jobs/fixture.js"
import { useEmulator } from "./emulator.js"

const emu = useEmulator()

describe("createInspireClient (Promise facade)", () => {
  it("logs in, calls the platform and rejects with typed errors", async () => {
    const home = mkdtempSync(join(tmpdir(), "inspire-facade-"))
    const client = createInspireClient({
      env: { INSPIRE_HOME: home, INSPIRE_BASE_URL: emu.current.url, INSPIRE_RATE_LIMIT: "1000", SYNERGY_HOME: home },
    })
    try {
      const login = await client.login({ username: emu.current.demo.username, password: emu.current.demo.password })
      expect(login).toMatchObject({ saved: true, verified: true })
      const user = (await client.v2("user", "GetUserDetail", {})) as { name?: string }
      expect(user.name).toBeTruthy()
      const error = await client.v2("model", "ListModels", {}).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(InspireError)
      expect(error).toMatchObject({ reason: "PlatformError" })
      expect((await client.profile()).baseUrl).toMatchObject({ value: emu.current.url, source: "environment" })
      const found = await client.discover()
      expect(found.workspaces.map((w) => w.name)).toContain("分布式训练空间")
      const ws = await client.resolveWorkspace("分布式训练空间")
      const jobs = await client.listTrainingJobs({ workspaceId: ws.id })
      expect(jobs.jobs).toEqual([])
      expect(await client.resolveWorkspace("nowhere").catch((e: unknown) => e)).toMatchObject({
        reason: "InvalidInput",
      })
      // A long-lived client (an MCP server) sees `config set` at once.
      await client.run(invoke(configOperation, { action: "set", key: "defaultWorkspace", value: "可上网GPU资源" }))
      const defaults = await client.run(resolvedDefaults())
      expect(defaults.defaultWorkspace).toMatchObject({ value: "可上网GPU资源", source: "profile" })
    } finally {
      await client.close()
    }
  })
})

describe("the facade's operation methods", () => {
  const clientOf = () =>
    createInspireClient({
      env: {
        INSPIRE_HOME: mkdtempSync(join(tmpdir(), "inspire-facade-")),
        INSPIRE_BASE_URL: emu.current.url,
        INSPIRE_RATE_LIMIT: "1000",
      },
    })

  it("has a method for every operation of the catalogue, which runs that operation", async () => {
    const client = clientOf()
    try {
      const methods = client as unknown as Record<string, (input?: unknown) => Promise<unknown>>
      for (const op of OPERATIONS) {
        const method = methods[methodName(op.name)]
        expect(method, op.name).toBeTypeOf("function")
        // Input no operation accepts: the refusal names the operation the method ran.
        const refused = await method?.({ no_such_field: 1 }).catch((e: unknown) => e)
        expect(refused, op.name).toBeInstanceOf(InspireError)
        expect(refused, op.name).toMatchObject({ reason: "InvalidInput" })
        expect(String((refused as InspireError).message), op.name).toContain("no_such_field")
      }
      expect(methodName("job_detail")).toBe("jobDetail")
      expect(methodName("submit_hpc")).toBe("submitHpc")
    } finally {
      await client.close()
    }
  })

  it("resolves with typed results and refuses input the schema does not declare, at compile time too", async () => {
    const client = clientOf()
    try {
      const { username, password } = emu.current.demo
      expect(await client.login({ username, password })).toMatchObject({ saved: true, verified: true })
      const status: Worded<StatusResult> = await client.status()
      expect(status.workspaces.map((w) => w.name)).toContain("分布式训练空间")
      const filter: OperationInput<"jobs"> = { workspace: "分布式训练空间" }
      const jobs: Worded<JobsResult> = await client.jobs(filter)
      expect(jobs.tasks).toEqual([])
      // The types of an operation's input and result by its name, as library users write them.
      const sameJobs: OperationResult<"jobs"> = jobs
      // @ts-expect-error: jobs takes no job_name, so neither does its input type
      const wrongFilter: OperationInput<"jobs"> = { job_name: "x" }
      expect([sameJobs, wrongFilter]).toHaveLength(2)
      const t = trainingInput(emu.current, "facade-dry")
      const input = {
        name: t.name,
        command: t.command,
        workspace: t.workspaceId,
        project: t.projectId,
        compute_group: t.groupId,
        spec: t.specId,
        image: t.image,
        dry_run: true,
      }
      const planned: Worded<SubmitResult> = await client.submit(input)
      expect(planned).toMatchObject({ kind: "training", dryRun: true, name: "facade-dry" })
      expect(planned.jobId).toBeUndefined()
      expect(emu.current.control.state().tasks).toEqual([])
      // The rendered text as well, for any operation: `call`.
      const shown = await client.call(statusOperation)
      expect(shown.result.user.loginName).toBe(username)
      expect(shown.text).toContain("分布式训练空间")
      // @ts-expect-error: jobs takes no `job_name`; the schema refuses it at run time as well.
      const wrong = await client.jobs({ job_name: "x" }).catch((e: unknown) => e)
      expect(wrong).toMatchObject({ reason: "InvalidInput" })
      // @ts-expect-error: job_detail needs its job_id.
      expect(await client.jobDetail({}).catch((e: unknown) => e)).toMatchObject({ reason: "InvalidInput" })
    } finally {
      await client.close()
    }
  })
})
