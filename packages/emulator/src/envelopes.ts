import { randomUUID } from "node:crypto"
import type { ServerResponse } from "node:http"
import { ApiError, type ErrorKind } from "./errors.js"
import { sendJson } from "./http.js"

export type Family = "oa" | "v1" | "v2"

const V2_CODES: Record<ErrorKind, string> = {
  invalid: "InvalidParameter",
  proto: "InvalidParameter",
  internal: "InternalError",
  forbidden: "AccessForbidden",
  notfound: "ResourceNotFound",
  conflict: "Conflict",
  action: "InvalidAction",
}

const V1_CODES: Record<ErrorKind, number> = {
  invalid: 100002,
  proto: 100002,
  internal: 100000,
  forbidden: 100003,
  notfound: 100004,
  conflict: 100000,
  action: 100000,
}

export const sendOk = (res: ServerResponse, family: Family, data: unknown) => {
  if (family === "v2") {
    const body: Record<string, unknown> = { ResponseMetadata: { RequestId: randomUUID() } }
    if (data !== undefined) body.Result = data
    return sendJson(res, 200, body)
  }
  const body: Record<string, unknown> = { code: 0, message: "success" }
  if (data !== undefined) body.data = data
  return sendJson(res, 200, body)
}

export const sendError = (res: ServerResponse, family: Family, err: ApiError) => {
  if (family === "v2") {
    return sendJson(res, 200, {
      ResponseMetadata: { RequestId: randomUUID(), Error: { Code: V2_CODES[err.kind], Message: err.message } },
    })
  }
  if (err.kind === "proto") {
    // Protobuf validation at the gateway comes back as HTTP 400, unlike business errors.
    return sendJson(res, 400, { code: family === "oa" ? -100000 : 100002, message: err.message })
  }
  return sendJson(res, 200, { code: err.code ?? V1_CODES[err.kind], message: err.message })
}

export const toApiError = (e: unknown): ApiError =>
  e instanceof ApiError ? e : new ApiError("internal", e instanceof Error ? e.message : String(e))
