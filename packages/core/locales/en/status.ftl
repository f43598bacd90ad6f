# The account overview: projects, workspaces, compute groups and specs (operations/status).

status-progress-discovering = Discovering projects, workspaces, compute groups and specs
status-progress-workspace = Workspace { $name } read ({ $done } of { $total })
status-budget-empty = Project { $project } has no budget left ({ $remaining } remaining): GPU tasks may be refused until it refreshes. CPU tasks at priority 1–3 do not consume budget.
status-label-user = User
status-label-personal-storage = Personal storage
status-label-discovered = Discovered
status-col-project = PROJECT
status-col-en-name = EN_NAME
status-col-budget = BUDGET
status-col-remaining = REMAINING
status-col-max-priority = MAX PRIORITY
status-col-storage = STORAGE
status-assumed = { $value } (assumed)
status-col-network = NETWORK
status-disabled = { $network }, disabled
status-col-registry = REGISTRY
status-col-groups = GROUPS
status-col-projects = PROJECTS
status-workspace-head = == { $name } ({ $id }) — { $network }, registry { $registry }
status-workspace-head-unknown = == { $name } ({ $id }) — { $network } (not in the policy table), registry { $registry }
status-no-groups = (no compute groups)
status-no-specs = (no specs)
status-col-group = GROUP
status-col-gpu = GPU
status-col-free-total = FREE/TOTAL
status-col-spec-id = SPEC ID
status-col-count = COUNT
status-col-cpu = CPU
status-col-memory = MEM GiB
status-col-price = PRICE/H
