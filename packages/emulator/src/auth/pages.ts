import { escapeHtml } from "../http.js"
import { CAS_MODULUS_HEX } from "./rsa.js"

const SMS_TAB = `<div class="login-tab" id="tab-sms" style="display:none">
      <input id="mobile" name="mobile" type="text" placeholder="请输入手机号" autocomplete="off"/>
      <input id="smsCode" name="smsCode" type="text" placeholder="请输入短信验证码" autocomplete="off"/>
      <button type="button" id="getSmsCode">获取验证码</button>
    </div>`

const hidden = (name: string, value: string, flip: boolean): string =>
  flip
    ? `<input value="${escapeHtml(value)}" name="${name}" type="hidden"/>`
    : `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`

export interface CasPage {
  action: string
  lt: string
  execution: string
  error?: string
  captcha: boolean
  username: string
  flip: boolean
}

/** The CAS login page. The SMS tab (and with it the word 验证码) is always present, as on the real page. */
export const casPage = (p: CasPage): string => `<!DOCTYPE html>
<html lang="zh-CN">
<head><meta charset="UTF-8"/><title>统一身份认证 - 上海创智学院</title>
<script src="/cas/js/security.js"></script></head>
<body>
  <div class="login-box">
    <ul class="login-tabs"><li class="active" data-tab="tab-pwd">账号登录</li><li data-tab="tab-sms">短信验证码登录</li></ul>
    <form id="fm1" action="${escapeHtml(p.action)}" method="post">
    <div class="login-tab" id="tab-pwd">
      ${p.error ? `<div class="form-error">${escapeHtml(p.error)}</div>` : ""}
      <input id="username" name="username" type="text" value="${escapeHtml(p.username)}" placeholder="请输入学工号" autocomplete="off"/>
      <input id="passwordShow" type="password" placeholder="请输入密码" autocomplete="off"/>
      <input id="password" name="password" type="hidden"/>
      ${p.captcha ? '<div class="captcha"><input id="captcha" name="captcha" type="text" placeholder="请输入图形验证码"/><img src="/cas/captcha.jpg" alt="captcha"/></div>' : ""}
      ${hidden("lt", p.lt, p.flip)}
      ${p.flip ? hidden("_eventId", "submit", false) : ""}
      ${hidden("execution", p.execution, !p.flip)}
      ${p.flip ? "" : hidden("_eventId", "submit", true)}
      <input type="hidden" name="loginType" value="1"/>
      <input type="hidden" name="encrypted" value="true"/>
      <input class="btn-submit" name="submit" type="submit" value="登 录"/>
    </div>
    ${SMS_TAB}
    </form>
  </div>
  <script>var publicKeyExponent = "010001"; var publicKeyModulus = "${CAS_MODULUS_HEX}";</script>
</body>
</html>
`

/** A Keycloak login page offering the CAS identity provider; clients read `loginUrl` from the JSON. */
export const keycloakPage = (loginUrl: string): string => {
  const context = {
    realm: { name: "sii", displayName: "启智平台" },
    client: { clientId: "inspire-studio" },
    social: {
      displayInfo: true,
      providers: [{ alias: "cas", displayName: "统一身份认证", providerId: "cas", loginUrl }],
    },
  }
  const json = JSON.stringify(context).replace(/\//g, "\\/")
  return `<!DOCTYPE html>
<html lang="zh-CN">
<head><meta charset="utf-8"/><title>登录 启智平台</title></head>
<body class="login-pf">
  <div id="kc-header">启智平台</div>
  <div id="kc-social-providers"><ul><li>
    <a id="social-cas" class="pf-c-button" type="button" href="${escapeHtml(loginUrl)}"><span>统一身份认证</span></a>
  </li></ul></div>
  <script>window.kcContext = ${json};</script>
  <script>
    // One identity provider: a browser goes on to it by itself (plain-HTTP clients read loginUrl above).
    window.location.replace(window.kcContext.social.providers[0].loginUrl);
  </script>
</body>
</html>
`
}

/**
 * The console's script (`/static/js/main.js`), reduced to what clients read from the page: the SPA keeps
 * the current workspace in `localStorage.spaceId` (§2.5). It starts at the user's default workspace
 * (user/detail's `workspace_id`) and a value set before (a workspace switched to) is kept. The emulator
 * writes the default into the script for the session's user, so the value is there when the page has
 * loaded; without a session the script sets nothing (the page itself bounces to the login).
 */
export const consoleScript = (defaultWorkspaceId: string | undefined): string =>
  defaultWorkspaceId === undefined
    ? "/* 启智平台 console: no session */\n"
    : `/* 启智平台 console */
(function () {
  try {
    if (!window.localStorage.getItem("spaceId")) window.localStorage.setItem("spaceId", ${JSON.stringify(defaultWorkspaceId)});
  } catch (e) {}
})();
`

export const consoleShell = (): string =>
  '<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8"/><title>启智平台</title></head><body><div id="root"></div><script src="/static/js/main.js"></script></body></html>'

export const expiredPage = (): string =>
  '<!DOCTYPE html><html><head><title>登录超时</title></head><body><div class="kc-feedback-text">页面已过期，请重新登录。</div></body></html>'
