import { ApiError, invalid } from "./errors.js"

/** Allowed keys of a request body: `true` accepts any value, a nested shape is checked recursively. */
export interface Shape {
  [key: string]: true | Shape | [Shape]
}

export type Body = Record<string, unknown>

const position = (raw: string, key: string): string => {
  const at = raw.search(new RegExp(`"${key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"\\s*:`))
  if (at < 0) return "line 1:1"
  const before = raw.slice(0, at)
  const line = before.split("\n").length
  const col = at - before.lastIndexOf("\n")
  return `line ${line}:${col}`
}

const protoError = (raw: string, key: string): ApiError =>
  new ApiError("proto", `proto: (${position(raw, key)}): unknown field "${key}"`)

const isObject = (v: unknown): v is Body => typeof v === "object" && v !== null && !Array.isArray(v)

/** Rejects unknown fields the way the protobuf gateway in front of V1 does. */
export const checkFields = (raw: string, body: unknown, shape: Shape): void => {
  if (!isObject(body)) return
  for (const [key, value] of Object.entries(body)) {
    const rule = shape[key]
    if (rule === undefined) throw protoError(raw, key)
    if (rule === true) continue
    if (Array.isArray(rule)) {
      if (Array.isArray(value)) for (const item of value) checkFields(raw, item, rule[0])
      continue
    }
    checkFields(raw, value, rule)
  }
}

export const enumError = (raw: string, value: string): ApiError => {
  const at = raw.indexOf(`"${value}"`)
  const col = at < 0 ? 1 : at + 1
  return new ApiError("proto", `proto: (line 1:${col}): invalid value for enum type: "${value}"`)
}

export const str = (body: Body, key: string): string => {
  const v = body[key]
  return typeof v === "string" ? v : typeof v === "number" ? String(v) : ""
}

export const num = (body: Body, key: string, fallback = 0): number => {
  const v = body[key]
  if (typeof v === "number" && Number.isFinite(v)) return v
  if (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v))) return Number(v)
  return fallback
}

export const obj = (body: Body, key: string): Body => {
  const v = body[key]
  return isObject(v) ? v : {}
}

export const arr = (body: Body, key: string): unknown[] => {
  const v = body[key]
  return Array.isArray(v) ? v : []
}

export const strList = (body: Body, key: string): string[] => arr(body, key).filter((x) => typeof x === "string")

export const required = (body: Body, ...keys: string[]): void => {
  for (const key of keys) {
    const v = body[key]
    if (v === undefined || v === null || v === "") throw invalid(`参数错误: ${key} is required`)
  }
}

export const asObject = (v: unknown): Body => (isObject(v) ? v : {})

/** One page of `items`; `size` -1 returns everything, `base` is the number of the first page. */
export const page = <T>(items: T[], pageNo: number, size: number, base = 1): T[] => {
  // `page_size: -1` or `pageNum: -1` both mean "everything" (§4 legend).
  if (size < 0 || pageNo < 0) return items
  const effectiveSize = size === 0 ? 10 : size
  const index = Math.max(0, pageNo - base)
  return items.slice(index * effectiveSize, (index + 1) * effectiveSize)
}
