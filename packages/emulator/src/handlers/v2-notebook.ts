import { notebookEvents } from "../domain/events.js"
import {
  createNotebook,
  deleteNotebook,
  getNotebook,
  labUrl,
  listNotebooks,
  notebookView,
  saveImage,
  startNotebook,
} from "../domain/notebook.js"
import { invalid } from "../errors.js"
import { num, page, str } from "../validate.js"
import { NOTEBOOK_CREATE } from "./shapes.js"
import { act, type V2Service } from "./v2-train.js"

export const v2Notebook: V2Service = {
  ListNotebooks: act(listNotebooks),
  GetNotebook: act((c) => notebookView(c.emu, getNotebook(c.emu, str(c.body, "notebook_id")))),
  CreateNotebook: act((c) => ({ notebook_id: createNotebook(c).id }), NOTEBOOK_CREATE),
  StartNotebook: act((c) => {
    startNotebook(c.emu, getNotebook(c.emu, str(c.body, "notebook_id")))
    return undefined
  }),
  StopNotebook: act((c) => {
    c.emu.engine.stop(getNotebook(c.emu, str(c.body, "notebook_id")))
    return undefined
  }),
  DeleteNotebook: act((c) => {
    deleteNotebook(c.emu, getNotebook(c.emu, str(c.body, "notebook_id")))
    return undefined
  }),
  GetNotebookAccessUrl: act((c) => {
    const t = getNotebook(c.emu, str(c.body, "notebook_id"))
    if (t.phase !== "running") throw invalid("notebook is not running")
    return { jupyter_url: labUrl(c.base, t), vscode_url: labUrl(c.base, t, "vscode") }
  }),
  SaveNotebookImage: act((c) => {
    const t = getNotebook(c.emu, str(c.body, "notebookId"))
    const image = saveImage(
      c.emu,
      t,
      c.user.id,
      str(c.body, "name"),
      str(c.body, "version"),
      str(c.body, "description"),
    )
    return { image_id: image.id }
  }),
  ListNotebookEvents: act((c) => {
    const events = notebookEvents(getNotebook(c.emu, str(c.body, "notebook_id")))
    return { events: page(events, num(c.body, "page", 1), num(c.body, "page_size", 20)), total: events.length }
  }),
}
