import type { Shape } from "../validate.js"

/** Request schemas of the console (protobuf-validated) API; unknown fields are rejected against these. */
const SPEC_PRICE: Shape = {
  cpu_type: true,
  cpu_count: true,
  gpu_type: true,
  gpu_count: true,
  memory_size_gib: true,
  logic_compute_group_id: true,
  quota_id: true,
}

export const TRAIN_CONSOLE: Shape = {
  name: true,
  command: true,
  workspace_id: true,
  project_id: true,
  logic_compute_group_id: true,
  task_priority: true,
  framework: true,
  max_running_time_ms: true,
  auto_fault_tolerance: true,
  fault_tolerance_max_retry: true,
  fault_tolerance_retry_interval_sec: true,
  dataset_info: [{ dataset_id: true, version_id: true, path: true }],
  exclude_nodes: true,
  specified_nodes: true,
  envs: [{ name: true, value: true }],
  enable_notification: true,
  framework_config: [
    {
      cpu: true,
      mem_gi: true,
      gpu_count: true,
      resource_spec_price: SPEC_PRICE,
      image: true,
      image_type: true,
      instance_count: true,
      shm_gi: true,
    },
  ],
}

export const JOB_ID: Shape = { job_id: true }
export const LIST_JOBS: Shape = {
  workspace_id: true,
  page_num: true,
  page_size: true,
  created_by: true,
  status: true,
  status_list: true,
}

export const LOG_QUERY: Shape = {
  page_size: true,
  filter: { podNames: true, start_timestamp_ms: true, end_timestamp_ms: true },
  sorter: [{ field: true, sort: true }],
  search_after: true,
}

export const METRIC_QUERY: Shape = {
  metric_types: true,
  filter: { logic_compute_group_id: true, task_type: true, task_id: true, running_round: true },
  time_range: { start_timestamp: true, end_timestamp: true, interval_second: true },
}

export const EVENT_QUERY: Shape = {
  page_num: true,
  page_size: true,
  filter: { object_type: true, object_ids: true, start_last_timestamp: true, end_last_timestamp: true },
}

export const HPC_CONSOLE: Shape = {
  job_name: true,
  workspace_id: true,
  project_id: true,
  logic_compute_group_id: true,
  priority: true,
  enable_notification: true,
  dataset_info: [{ dataset_id: true, version_id: true, path: true }],
  sbatch_script: {
    number_of_tasks: true,
    cpus_per_task: true,
    memory_per_cpu: true,
    enable_hyper_threading: true,
    max_running_time_days: true,
    max_running_time_hours: true,
    max_running_time_minutes: true,
    entrypoint: true,
  },
  slurm_cluster_spec: {
    predef_quota_id: true,
    cpu: true,
    mem_gi: true,
    image: true,
    image_type: true,
    instance_count: true,
    spec_price: SPEC_PRICE,
  },
}

export const NOTEBOOK_CREATE: Shape = {
  workspace_id: true,
  name: true,
  project_id: true,
  project_name: true,
  logic_compute_group_id: true,
  quota_id: true,
  resource_spec_price: SPEC_PRICE,
  cpu_count: true,
  gpu_count: true,
  memory_size: true,
  shared_memory_size: true,
  mirror_id: true,
  mirror_url: true,
  task_priority: true,
  auto_stop: true,
  allow_ssh: true,
  runtime: true,
  vscode_version: true,
  enable_notification: true,
  command: true,
  description: true,
  // Not in the reference's union of create fields: carried as the training and HPC creates carry it
  // (docs/PLATFORM.md, "Datasets on notebooks").
  dataset_info: [{ dataset_id: true, version_id: true, path: true }],
}

export const NOTEBOOK_LIST: Shape = {
  workspace_id: true,
  page: true,
  page_size: true,
  filter_by: { keyword: true, user_id: true, logic_compute_group_id: true, status: true, mirror_url: true },
  order_by: [{ field: true, order: true }],
}
