/** Error kinds of the platform; each family renders them in its own shape (see envelopes.ts). */
export type ErrorKind = "invalid" | "internal" | "forbidden" | "notfound" | "conflict" | "action" | "proto"

export class ApiError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    /** A V1/OA code when the platform uses a specific one (e.g. 2000 for a missing dataset). */
    readonly code?: number,
  ) {
    super(message)
  }
}

export const invalid = (message: string): ApiError => new ApiError("invalid", message)
export const internal = (message: string): ApiError => new ApiError("internal", message)
export const forbidden = (message: string): ApiError => new ApiError("forbidden", message)
export const notFound = (message: string): ApiError => new ApiError("notfound", message)
export const conflict = (message: string): ApiError => new ApiError("conflict", message)
