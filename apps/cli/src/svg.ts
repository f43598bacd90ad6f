// What the CLI's SVG charts (metrics, usage) share.

/** Text made safe inside SVG markup. */
export const escapeXml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c)

/**
 * The charts' text rule. Names are often Chinese (workspaces, projects, users), so the fonts that carry
 * CJK on macOS, Windows and Linux come before the generic family, which alone may lack the glyphs.
 */
export const TEXT_STYLE =
  'text{font-family:"PingFang SC","Hiragino Sans GB","Microsoft YaHei","Noto Sans CJK SC","Source Han Sans SC","WenQuanYi Micro Hei",sans-serif;fill:#222}'
