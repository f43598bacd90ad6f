# Exactly-once creates of the kinds without a marker, answers that are not refusals, and confirmed batches.

once-create-unconfirmed = { $message } No new task showing what { $what } create sent has appeared, and without the platform's time (its answers carry no Date header) it cannot be ruled out, so the create is not sent again; { $what } may still appear.
once-create-not-refusal = { $surface }: HTTP { $status } without the platform's refusal; the request may have been carried out.
