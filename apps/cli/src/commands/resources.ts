import type { Command } from "commander"
import { operationCommand } from "../command.js"

/** `inspire serve …`: inference services (the inference operation's actions). */
const addServe = (program: Command): void => {
  const serve = program.command("serve").description("Deploy, inspect and stop inference services")
  operationCommand(serve, {
    name: "create",
    operation: "inference",
    fixed: { action: "create" },
    summary: "Deploy a model as an inference service",
    destructive: false,
    fields: [
      "name",
      "model_id",
      "model_version",
      "image",
      "command",
      "port",
      "replicas",
      "node_num_per_replica",
      "compute_group",
      "spec",
      "workspace",
      "project",
      "priority",
      "custom_domain",
    ],
  })
  operationCommand(serve, {
    name: "show",
    operation: "inference",
    fixed: { action: "detail" },
    summary: "Show one inference service",
    positional: "serving_id",
    fields: [],
  })
  operationCommand(serve, {
    name: "stop",
    operation: "inference",
    fixed: { action: "stop" },
    summary: "Stop an inference service",
    positional: "serving_id",
    fields: [],
  })
  operationCommand(serve, {
    name: "list",
    operation: "inference",
    fixed: { action: "list" },
    summary: "List a workspace's inference services",
    fields: ["workspace", "project"],
  })
}

const NOTEBOOK_CREATE = [
  "name",
  "compute_group",
  "spec",
  "image",
  "workspace",
  "project",
  "shm",
  "priority",
  "auto_stop",
  "allow_ssh",
]

/** `inspire notebook …`: interactive environments (the notebook operation's actions). */
const addNotebook = (program: Command): void => {
  const nb = program.command("notebook").description("Create, list, start, stop and delete notebooks")
  const byId = (name: string, action: string, summary: string, destructive: boolean) =>
    operationCommand(nb, {
      name,
      operation: "notebook",
      fixed: { action },
      summary,
      positional: "notebook_id",
      destructive,
      fields: [],
    })
  operationCommand(nb, {
    name: "create",
    operation: "notebook",
    fixed: { action: "create" },
    summary: "Create a notebook",
    destructive: false,
    fields: NOTEBOOK_CREATE,
  })
  operationCommand(nb, {
    name: "list",
    operation: "notebook",
    fixed: { action: "list" },
    summary: "List notebooks",
    fields: ["workspace", "project", "status", "keyword"],
  })
  byId("show", "detail", "Show one notebook", false)
  byId("start", "start", "Start a stopped notebook", false)
  byId("stop", "stop", "Stop a running notebook", true)
  byId("delete", "delete", "Delete a stopped or failed notebook", true)
}

/** `inspire model …`: the platform's model repository (the models operation's actions). */
const addModel = (program: Command): void => {
  const model = program.command("model").description("List, inspect, create and delete model-repository entries")
  operationCommand(model, {
    name: "list",
    operation: "models",
    fixed: { action: "list" },
    summary: "List a workspace's models",
    fields: ["workspace", "project"],
  })
  operationCommand(model, {
    name: "show",
    operation: "models",
    fixed: { action: "detail" },
    summary: "Show one model with its versions",
    positional: "model_id",
    fields: ["workspace", "project"],
  })
  operationCommand(model, {
    name: "create",
    operation: "models",
    fixed: { action: "create" },
    summary: "Create a model-repository entry",
    destructive: false,
    fields: ["name", "model_source_path", "model_type", "description", "tags", "workspace", "project"],
  })
  operationCommand(model, {
    name: "delete",
    operation: "models",
    fixed: { action: "delete" },
    summary: "Delete a model-repository entry (not its files)",
    positional: "model_id",
    fields: ["workspace", "project"],
  })
}

/** `inspire status`, `inspire image list|push`, `inspire serve|notebook|model …`. */
export const addResourceCommands = (program: Command): void => {
  operationCommand(program, {
    name: "status",
    operation: "status",
    summary: "Projects, workspaces, compute groups, specs and storage: start here",
  })
  const image = program.command("image").description("Browse platform-registered or Harbor images, push local ones")
  operationCommand(image, { name: "list", operation: "images", summary: "List images (platform or Harbor)" })
  operationCommand(image, {
    name: "push",
    operation: "image_push",
    summary: "Push a local Docker image to Harbor and print the address and registration values",
    positional: "image",
    fields: ["name", "tag", "registry", "workspace", "description"],
  })
  addServe(program)
  addNotebook(program)
  addModel(program)
}
