import type { RunningEmulator } from "@holos-inspire/emulator"
import { placement } from "../notebooks/fixture.js"

/** The fixture's registered vLLM image. */
export const VLLM_IMAGE = "docker.sii.shaipower.online/inspire-studio/vllm:0.6.3-cuda12.4"

/** A valid serving create in 分布式训练空间 (1-GPU SERVING spec, the fixture's first model, version 2). */
export const servingInput = (emu: RunningEmulator, name: string) => {
  const p = placement(emu, "分布式训练空间", "SERVING", 1)
  const model = emu.control.state().models[0]
  return {
    name,
    workspaceId: p.workspaceId,
    projectId: p.projectId,
    logicComputeGroupId: p.lcgId,
    command: "vllm serve /model --port 8000",
    image: VLLM_IMAGE,
    modelId: model?.id ?? "",
    modelVersion: 2,
    port: 8000,
    replicas: 1,
    nodesPerReplica: 1,
    priority: 4,
    spec: p.spec,
  }
}
