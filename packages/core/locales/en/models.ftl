# The model repository (operations/models.ts).

models-list-hint = { $call } shows the model ids.
models-needs-id = models { $action } needs the model's id.
models-path-hint = Give the absolute path of the model files on shared storage, e.g. /inspire/hdd/project/<en_name>/models/<name> ({ $call } shows the project path).
models-needs-path = models create needs { $field }.
models-path-outside = "{ $path }" is not a path under /inspire/, where the platform keeps models.
models-path-dots = "{ $path }" contains "." or ".." segments.
models-path-space = "{ $path }" contains whitespace or control characters.
models-needs-name = models create needs { $name }.
models-needs-name-fix = Pass one, e.g. { $field }.
models-plan-create = Create model { $name } in { $workspace } from { $path }
models-change-created = created
models-why-versions = for its versions
models-why-serve = to serve it
models-what = model { $name } ({ $id }) with { $count ->
        [one] { $count } version
       *[other] { $count } versions
    }
models-delete-dry = This would delete { $what }; the files are not touched. Nothing was sent.
models-plan-delete = Delete model { $model }
models-change-deleted = { $count ->
        [one] { $count } version
       *[other] { $count } versions
    } → deleted
models-delete-preview = This would delete { $what }; servings deployed from it will no longer find it. Nothing was deleted.
models-delete-how = To delete it, call { $call }.
models-deleted = Deleted { $what }. The files at { $path } are not touched.
models-its-path = its source path
models-label-model = model
models-label-status = status
models-label-type = type
models-label-latest = latest version
models-label-vllm = vLLM
models-label-source-path = source path
models-label-project = project
models-label-owner = owner
models-label-tags = tags
models-label-description = description
models-label-created = created
models-compatible = compatible
models-yes = yes
models-no = no
models-col-version = VERSION
models-col-size = SIZE
models-col-vllm = VLLM
models-col-path = PATH
models-col-created = CREATED
models-col-id = ID
models-col-name = NAME
models-col-latest = LATEST
models-col-status = STATUS
models-col-type = TYPE
models-col-owner = OWNER
models-no-versions = (no versions)
models-none = (no models)
models-created = Model { $name } was created ({ $id }) in { $workspace }, project { $project }, from { $path }.
models-list-heading = Models in { $workspace }: { $count }{ $cut }
models-list-cut = {" "}(list cut short)

# The platform's model API (api/models).
models-api-down = The model registry is unavailable; see 模型部署 → 模型管理 in the console.
models-api-no-workspace = No workspace was given.
models-api-no-workspace-fix = Pass a workspace id ({ $call } lists them).
models-api-no-id = No model id was given.
models-api-no-id-fix = { $call } lists them.
models-api-what = the model
