import { msg } from "../words/message.js"
import { plain, type Text } from "../words/text.js"

// The platform's own messages we know the meaning of (INSPIRE-API.md §1.8, the create-path messages,
// the CAS login page), most specific first: the key names the explanation `platform-means-<key>`.
const KNOWN: ReadonlyArray<readonly [RegExp, string]> = [
  [/超过项目允许的最高优先级/, "priority-cap"],
  [/任务优先级不在该资源规格允许的范围内/, "priority-spec"],
  [/无效的优先级值/, "priority-invalid"],
  [/项目不存在/, "project-missing"],
  [/该空间已被禁用/, "workspace-disabled"],
  [/用户不存在/, "user-missing"],
  [/您已离开所选项目/, "left-project"],
  [/查询时间区间不能超过/, "time-range"],
  [/预算不足|点券不足|余额不足/, "budget"],
  [/用户名或密码错误|账号或密码错误|密码错误/, "wrong-password"],
  [/账号不存在/, "no-account"],
  [/锁定/, "locked"],
  [/验证码/, "captcha"],
  [/参数错误/, "bad-parameter"],
  [/数据库错误/, "database"],
  [/已选择的计算类型组不存在/, "group-missing"],
]

/**
 * A message of the platform's own, kept as it said it in every language; when its meaning is known, an
 * English reader also gets that meaning beside it (a Chinese reader reads the platform's text itself).
 */
export const platformSays = (text: string): Text => {
  const key = KNOWN.find(([pattern]) => pattern.test(text))?.[1]
  return key === undefined ? plain(text) : msg("platform-says", { text, meaning: msg(`platform-means-${key}`) })
}
