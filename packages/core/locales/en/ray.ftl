# Ray jobs (弹性计算): a head node and worker groups that scale between their min and max replicas.
api-no-ray-job-id = No Ray job id was given.
job-detail-label-ray-groups = Worker groups
job-detail-ray-group = { $name }: { $now } running ({ $min }–{ $max })
api-the-ray-job = the Ray job
api-read-ray-job = read the Ray job
api-list-ray-jobs = list Ray jobs
api-list-ray-pods = list the Ray job's pods
api-list-ray-events = list the Ray job's events
