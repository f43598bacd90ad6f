# Datasets a job mounts.
api-dataset-ref = { $field } takes a dataset as ID or ID:VERSION, not "{ $raw }".
api-dataset-ref-hint = Give the dataset's id, and after a colon its version's id (the latest when left out).
api-validate-datasets = check the datasets
api-dataset-missing = A dataset is not there, or not usable from this workspace: { $message }
api-dataset-version-missing = A dataset has no such version: { $message }
api-dataset-missing-hint = Check the id in the console (数据集), and that the dataset's project reaches this workspace; leave the version out for the latest.
job-detail-label-datasets = Datasets
submission-hpc-ttl-unsent = { $field } is not sent: an HPC job with { $dataset } goes through the console's create, which has no such field, so the platform's default applies.
