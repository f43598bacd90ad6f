import type { RunningEmulator } from "@holos-inspire/emulator"

// The emulator's state, as far as the tests pick a placement from it.
interface Fixture {
  readonly groups: ReadonlyArray<{ id: string; name: string; workspaceId: string }>
  readonly workspaces: ReadonlyArray<{ id: string; name: string }>
  readonly specs: ReadonlyArray<{ id: string; type: string; lcgIds: string[]; allowedPriorityLevels: unknown[] }>
  readonly images: ReadonlyArray<{ address: string; registry: string; status: string }>
}

/**
 * A training placement in a workspace's compute group, as `job submit` flags: a training spec of the
 * group without a priority cap, a plain image, the demo project; `--workspace` too when asked.
 */
export const placement = (
  emu: RunningEmulator,
  workspace = "分布式训练空间",
  groupName = "H100",
  options: { readonly workspaceFlag?: boolean } = {},
): ReadonlyArray<string> => {
  const s = emu.control.state() as unknown as Fixture
  const ws = s.workspaces.find((w) => w.name === workspace)
  const group = s.groups.find((g) => g.workspaceId === ws?.id && g.name === groupName)
  const spec = s.specs.find(
    (x) =>
      x.type === "SCHEDULE_CONFIG_TYPE_TRAIN" &&
      group !== undefined &&
      x.lcgIds.includes(group.id) &&
      x.allowedPriorityLevels.length === 0,
  )
  const image = s.images.find((i) => i.registry === "qb" && i.status === "READY" && !/slurm|ray|vllm/.test(i.address))
  if (group === undefined || spec === undefined || image === undefined) throw new Error("fixture changed")
  return [
    ...(options.workspaceFlag === true ? ["--workspace", workspace] : []),
    ...["--compute-group", groupName, "--spec", spec.id, "--image", image.address, "--project", "具身智能基础模型"],
  ]
}

/** A serving placement, as `serve create` flags: a group and one of its SERVING specs. */
export const servingPlacement = (
  emu: RunningEmulator,
  workspace = "分布式训练空间",
  groupName = "H100",
): ReadonlyArray<string> => {
  const s = emu.control.state() as unknown as Fixture
  const ws = s.workspaces.find((w) => w.name === workspace)
  const group = s.groups.find((g) => g.workspaceId === ws?.id && g.name === groupName)
  const spec = s.specs.find((x) => x.type === "SCHEDULE_CONFIG_TYPE_SERVING" && x.lcgIds.includes(group?.id ?? ""))
  if (group === undefined || spec === undefined) throw new Error("fixture changed")
  return ["--compute-group", groupName, "--spec", spec.id]
}
