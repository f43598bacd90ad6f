# Submitting a task again from its configuration (operations/resubmit.ts).

resubmit-not-found = No task { $id } was found: { $error }
resubmit-not-found-hint = Check the id; { $call } lists your tasks (type train or hpc).
resubmit-wrong-kind = { $id } is not a training, HPC or Ray task; resubmit re-creates only those.
resubmit-wrong-kind-hint = Use { $inference } or { $notebook } to create servings and notebooks.
