import { createInspireClient } from "@holos-inspire/core"
import { addProfile, useProfile } from "@holos-inspire/core/internal"
import type { RunningEmulator } from "@holos-inspire/emulator"

/** The parts of the emulator state the tests read. */
export interface Fixture {
  readonly groups: ReadonlyArray<{ id: string; name: string; workspaceId: string }>
  readonly workspaces: ReadonlyArray<{ id: string; name: string }>
  readonly specs: ReadonlyArray<{ id: string; type: string; lcgIds: string[]; allowedPriorityLevels: unknown[] }>
  readonly images: ReadonlyArray<{ address: string; registry: string; status: string }>
  readonly tasks: ReadonlyArray<{ id: string; name?: string }>
}

/** 分布式训练空间 / H100 with a 1-GPU TRAIN spec and a plain image. */
export const placement = (fixture: Fixture) => {
  const ws = fixture.workspaces.find((w) => w.name === "分布式训练空间")
  const group = fixture.groups.find((g) => g.workspaceId === ws?.id && g.name === "H100")
  const spec = fixture.specs.find(
    (x) =>
      x.type === "SCHEDULE_CONFIG_TYPE_TRAIN" &&
      group !== undefined &&
      x.lcgIds.includes(group.id) &&
      x.allowedPriorityLevels.length === 0,
  )
  const image = fixture.images.find(
    (i) => i.registry === "qb" && i.status === "READY" && !/slurm|ray|vllm/.test(i.address),
  )
  if (group === undefined || spec === undefined || image === undefined) throw new Error("fixture changed")
  return {
    workspace: "分布式训练空间",
    compute_group: "H100",
    spec: spec.id,
    image: image.address,
    project: "具身智能基础模型",
  }
}

/**
 * Makes the store of `env` use a profile whose platform and both Harbor registries are the emulator,
 * so that nothing (a Harbor check included) reaches for the production hosts.
 */
export const useEmulatorProfile = async (env: NodeJS.ProcessEnv, emu: RunningEmulator): Promise<void> => {
  const client = createInspireClient({ env })
  try {
    await client.run(
      addProfile("emulator", {
        baseUrl: emu.url,
        registries: {
          qb: { push: "docker-qb.sii.edu.cn", display: "docker.sii.shaipower.online", api: `${emu.url}/harbor/qb` },
          sj: { push: "docker-t.sii.edu.cn", display: "docker-t.sii.shaipower.online", api: `${emu.url}/harbor/sj` },
        },
      }),
    )
    await client.run(useProfile("emulator"))
  } finally {
    await client.close()
  }
}
