// What `npm run demo` says in its own voice (its headings, narration and checks), in the languages the
// CLI speaks. The demo speaks the language the CLI picks from the same environment (INSPIRE_LANG, then
// LC_ALL, LC_MESSAGES and LANG: the throwaway home has no profile setting), so that
// `INSPIRE_LANG=zh-CN npm run demo` is Chinese throughout. Values go in as {name}.

const WORDS = {
  en: {
    title: "Pattern 1 of the manual, a first real training run.",
    where:
      "The platform is the embedded emulator at {url}; everything it writes goes to {home}, a temporary folder removed at the end.",
    jsonRead: "JSON output, read by the demo",
    saved: "saved",
    profileTitle: "A profile for this platform",
    profileWhy: "Profiles hold one account each; this one points at the emulator.",
    profileCreated: "profile created",
    profileSelected: "profile selected",
    loginTitle: "Log in",
    loginWhy1: "On a terminal `inspire login` asks for the password without echo; here it comes on stdin.",
    loginWhy2: "The password is kept in a 0600 file and never printed.",
    loggedIn: "logged in and verified",
    discoverTitle: "Discover resources",
    discoverWhy: "Workspaces with their network policy, compute groups with free GPUs, and specs.",
    statusH100: "status lists the H100 group and its TRAIN specs",
    specFound: "a 1-GPU training spec found",
    defaultsTitle: "Set defaults",
    defaultsWhy: "Set once, used by every later call; commandPrefix starts each job in its environment.",
    defaultsSaved: "five defaults saved",
    noSpecTitle: "Submit without a spec",
    noSpecWhy: "A wrong or missing spec is answered with the valid choices, not a bare failure.",
    noSpecRefused: "refused with the candidate specs",
    submitTitle: "Submit the training job",
    submitWhy: "The same command with a spec. The result has the job id and what to call next.",
    submitted: "{name} submitted",
    idleTitle: "A job that never uses its GPU",
    idleWhy: "Submitted to show what the health verdict says about it.",
    offlineTitle: "Network commands in an offline workspace",
    offlineWhy: "{workspace} has no internet: a pip install there is refused before anything is sent.",
    offlineRefused: "refused, with the shared-storage fix",
    forcedNote: "Forced through with --allow-network-commands, it will fail on the platform (see below).",
    forcedSubmitted: "exp-003 submitted anyway",
    laterTitle: "Half an hour later",
    laterWhy: "The emulator's clock moves 30 minutes forward.",
    runningTitle: "Running jobs",
    running: "exp-001 and exp-002 are running",
    trainingTitle: "Is it really training?",
    trainingWhy: "GPU metrics with a health verdict and a sparkline per series.",
    healthy: "exp-001 is HEALTHY",
    idle: "exp-002 is IDLE: it holds a GPU and does nothing",
    logsTitle: "Logs",
    logsWhy: "The newest lines of the training log.",
    logsShown: "log lines shown",
    whyTitle: "Why did exp-003 fail?",
    whyWhy: "The detail of a failed job carries a diagnosis and the fix.",
    diagnosed: "failed, diagnosed as a network problem",
    stopTitle: "Stop the idle job",
    stopWhy: "Stopping asks for confirmation on a terminal; --yes confirms in scripts.",
    stopRefused: "refused without --yes when not on a terminal",
    stopped: "exp-002 stopped",
    listStopped: "the list shows it stopped",
    unexpected: "unexpected",
    leaked: "a secret appeared in the output",
    summary: "Demo: {passed} of {total} checks behaved as expected.",
    stoppedEarly: "The demo stopped: {reason}",
    next: "Next: `inspire --help`, and README.md for using the CLI against the emulator or the platform.",
  },
  "zh-CN": {
    title: "用户手册中的模式 1：第一次真正的训练。",
    where: "平台是内嵌的模拟器 {url}；它写的一切都在临时文件夹 {home} 中，结束时删除。",
    jsonRead: "JSON 输出，由演示读取",
    saved: "已保存",
    profileTitle: "为这个平台建一个配置档",
    profileWhy: "每个配置档对应一个账号；这个配置档指向模拟器。",
    profileCreated: "配置档已创建",
    profileSelected: "配置档已选中",
    loginTitle: "登录",
    loginWhy1: "在终端上，`inspire login` 会以不回显的方式询问密码；这里密码从标准输入传入。",
    loginWhy2: "密码保存在权限为 0600 的文件中，从不打印。",
    loggedIn: "已登录并验证",
    discoverTitle: "查看资源",
    discoverWhy: "各空间及其网络策略、有空闲 GPU 的计算组，以及规格。",
    statusH100: "status 列出了 H100 计算组及其 TRAIN 规格",
    specFound: "找到一个单 GPU 的训练规格",
    defaultsTitle: "设置默认值",
    defaultsWhy: "设置一次，之后的每次调用都会使用；commandPrefix 让每个任务在其环境中启动。",
    defaultsSaved: "五个默认值已保存",
    noSpecTitle: "不指定规格提交",
    noSpecWhy: "规格错误或缺失时，回答中会列出可用的选择，而不是只说失败。",
    noSpecRefused: "被拒绝，并列出了候选规格",
    submitTitle: "提交训练任务",
    submitWhy: "同一条命令加上规格。结果中有任务 id 和下一步可以运行的命令。",
    submitted: "{name} 已提交",
    idleTitle: "一个从不使用 GPU 的任务",
    idleWhy: "提交它，是为了看看健康判断会怎么说。",
    offlineTitle: "离线空间中的联网命令",
    offlineWhy: "{workspace} 不能访问互联网：在那里运行 pip install 会在发送任何请求之前被拒绝。",
    offlineRefused: "被拒绝，并给出了使用共享存储的办法",
    forcedNote: "用 --allow-network-commands 强行提交后，它会在平台上失败（见下文）。",
    forcedSubmitted: "exp-003 仍被提交",
    laterTitle: "半小时后",
    laterWhy: "模拟器的时钟向前拨 30 分钟。",
    runningTitle: "运行中的任务",
    running: "exp-001 和 exp-002 正在运行",
    trainingTitle: "它真的在训练吗？",
    trainingWhy: "带健康判断的 GPU 指标，每个序列一条迷你趋势图。",
    healthy: "exp-001 为 HEALTHY",
    idle: "exp-002 为 IDLE：它占着 GPU 却什么也不做",
    logsTitle: "日志",
    logsWhy: "训练日志的最新几行。",
    logsShown: "已显示日志行",
    whyTitle: "exp-003 为什么失败？",
    whyWhy: "失败任务的详情中带有诊断和解决办法。",
    diagnosed: "失败，诊断为网络问题",
    stopTitle: "停止空闲的任务",
    stopWhy: "在终端上停止任务会先询问确认；脚本中用 --yes 确认。",
    stopRefused: "不在终端上且没有 --yes 时被拒绝",
    stopped: "exp-002 已停止",
    listStopped: "列表显示它已停止",
    unexpected: "不符合预期",
    leaked: "输出中出现了密钥",
    summary: "演示：{total} 项检查中有 {passed} 项符合预期。",
    stoppedEarly: "演示中止：{reason}",
    next: "下一步：`inspire --help`；在模拟器或平台上使用 CLI，请看 README.md。",
  },
}

/**
 * The demo's words in `lang` ("en" or "zh-CN"; English for anything else): `say(key, values)` gives
 * one text with its {values} filled in.
 */
export const demoWords = (lang) => {
  const words = WORDS[lang] ?? WORDS.en
  return (key, values = {}) => {
    const text = words[key] ?? WORDS.en[key]
    if (text === undefined) throw new Error(`demo-words.mjs has no text "${key}"`)
    return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole))
  }
}

/** Whether both languages have the same texts with the same {values} (demo.test.mjs checks it). */
export const demoWordsDiffer = () => {
  const vars = (text) =>
    [...text.matchAll(/\{(\w+)\}/g)]
      .map((m) => m[1])
      .sort()
      .join(",")
  const [en, zh] = [WORDS.en, WORDS["zh-CN"]]
  return [
    ...Object.keys(en).filter((k) => zh[k] === undefined || vars(zh[k]) !== vars(en[k])),
    ...Object.keys(zh).filter((k) => en[k] === undefined),
  ]
}
