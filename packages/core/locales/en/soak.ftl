# Saving a notebook as an image, exactly once (operations/notebook/save-image.ts).
notebook-save-exists = Image { $image } exists already ({ $id }, { $status }); saving the notebook again under that name and version would make a second image, so nothing was saved.
notebook-save-exists-fix = Use that image (see { $call }), or save under another version.
