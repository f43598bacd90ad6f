// undici ships types for its index only; its modules are typed where they are used (undici.ts).
declare module "undici/lib/api/index.js" {
  const value: object
  export default value
}
declare module "undici/lib/dispatcher/agent.js" {
  const value: unknown
  export default value
}
declare module "undici/lib/dispatcher/pool.js" {
  const value: unknown
  export default value
}
declare module "undici/lib/dispatcher/env-http-proxy-agent.js" {
  const value: unknown
  export default value
}
declare module "undici/lib/web/websocket/websocket.js" {
  const WebSocket: unknown

  export { WebSocket }
}
