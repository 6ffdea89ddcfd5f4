// Every text the terminal's doors and sessions show a user, Chinese (the console's default) beside
// English. `{name}` placeholders are filled from the params; a missing one stays as written.
export type Lang = 'zh' | 'en';

export const TEXTS = {
  'menu.welcome': { zh: '{name}，欢迎使用堡垒机终端。', en: '{name}, welcome to the bastion terminal.' },
  'menu.help': {
    zh: [
      '输入编号：打开最近一次列表中该编号的资产。',
      '输入主机名或 IP：直接打开该资产；输入其他文字：搜索你的资产。',
      '这里只列出你有权通过 SSH 连接的资产。',
      '/文字  只搜索不打开        p  列出你的全部资产      n / b  下一页 / 上一页',
      'd      列出你的数据库应用  d编号  打开该数据库应用（如 d1）',
      'h      再次显示本帮助      q  退出',
    ].join('\n'),
    en: [
      'Type a number to open that asset from the list shown last.',
      'Type a hostname or IP to open it directly, or any other text to search your assets.',
      'Only the assets you may connect to over SSH are listed.',
      '/text  searches without opening     p  lists all your assets     n / b  next / previous page',
      'd      lists your database apps       d<number>  opens one (e.g. d1)',
      'h      shows this help again          q  quits',
    ].join('\n'),
  },
  // The prompt is the same word in both languages, as koko's: scripts and people look for it.
  'menu.prompt': { zh: 'Opt> ', en: 'Opt> ' },
  'menu.server_error': { zh: '服务器未能应答：{error}', en: 'The server could not answer: {error}' },
  'menu.no_list': {
    zh: '还没有显示列表：输入 p 列出你的资产。',
    en: 'No list is shown yet: type p to list your assets.',
  },
  'menu.no_number': { zh: '列表中没有编号为 {number} 的资产。', en: 'No asset has the number {number} in the list.' },
  'menu.no_match': { zh: '没有匹配的已授权资产。', en: 'No granted asset matches.' },
  'menu.column.id': { zh: '编号', en: 'ID' },
  'menu.column.hostname': { zh: '主机名', en: 'Hostname' },
  'menu.column.ip': { zh: 'IP', en: 'IP' },
  'menu.column.comment': { zh: '备注', en: 'Comment' },
  'menu.count.pages': {
    zh: '第 {page}/{pages} 页，共 {count} 个资产：n 下一页，b 上一页。',
    en: 'Page {page} of {pages}, {count} assets: n next page, b previous page.',
  },
  'menu.count.one': { zh: '共 1 个资产。', en: '1 asset.' },
  'menu.count.many': { zh: '共 {count} 个资产。', en: '{count} assets.' },
  'menu.system_user.none': {
    zh: '你在 {host} 上没有可连接（connect 动作）的 SSH 系统用户授权。',
    en: 'No SSH system user is granted to you on {host} with the connect action.',
  },
  'menu.system_user.list': { zh: '{host} 上授权给你的系统用户：', en: 'System users granted on {host}:' },
  'menu.system_user.same_as_user': { zh: '与你的用户名相同', en: 'same as your username' },
  'menu.system_user.prompt': { zh: '系统用户编号（回车返回）> ', en: 'System user number (Enter to go back)> ' },
  'menu.system_user.no_number': {
    zh: '没有编号为 {number} 的系统用户。',
    en: 'No system user has the number {number}.',
  },
  'menu.manual.username': { zh: '{host} 的用户名：', en: 'Username for {host}: ' },
  'menu.manual.password': { zh: '{username}@{host} 的密码：', en: 'Password for {username}@{host}: ' },
  'connect.connecting': {
    zh: '正在连接 {systemUser}@{host} ({ip}) ...',
    en: 'Connecting to {systemUser}@{host} ({ip}) ...',
  },
  'connect.failed': { zh: '无法连接 {host}：{error}', en: 'Could not connect to {host}: {error}' },
  'connect.refused': {
    zh: '你无权以 {systemUser} 连接 {host}：授权没有给出连接（connect）动作。',
    en: 'You may not connect to {host} as {systemUser}: no permission grants you the connect action.',
  },
  'connect.unchecked': {
    zh: '无法确认你连接 {host} 的权限，因此不连接：{error}',
    en: 'Your permission to connect to {host} could not be confirmed, so the connection is not made: {error}',
  },
  'door.bye': { zh: '再见。', en: 'Bye.' },
  'door.mfa.instructions': { zh: '请输入认证器应用显示的验证码。', en: 'Enter the code your authenticator app shows.' },
  'door.mfa.prompt': { zh: 'MFA 验证码', en: 'MFA code' },
  'door.notice.close': { zh: '按回车键结束', en: 'Press Enter to end' },
  // The server could not judge a sign-in (door-sign-in.ts): said at the door, never as a wrong password.
  'door.server_busy': {
    zh: '堡垒机服务器正忙，暂时无法校验你的登录（并非密码错误），请稍后再试。',
    en: "The bastion's server is too busy to check your sign-in right now (this is not a wrong password). Try again in a moment.",
  },
  'door.server_failed': {
    zh: '堡垒机服务器出错，无法校验你的登录（并非密码错误），请稍后再试或联系管理员。',
    en: "The bastion's server failed while checking your sign-in (this is not a wrong password). Try again later or tell an administrator.",
  },
  'door.server_cannot_save': {
    zh: '堡垒机服务器的存储拒绝写入（例如磁盘已满），无法记录你的登录（并非密码错误），请稍后再试或联系管理员。',
    en: "The bastion's server cannot record your sign-in: its storage refuses writes (its disk may be full). This is not a wrong password. Try again later or tell an administrator.",
  },
  'door.server_silent': {
    zh: '堡垒机服务器没有应答，无法校验你的登录（并非密码错误），请稍后再试或联系管理员。',
    en: "The bastion's server did not answer, so your sign-in could not be checked (this is not a wrong password). Try again later or tell an administrator.",
  },
  'web.token_invalid': { zh: '连接令牌无效或已过期。', en: 'The connection token is invalid or expired.' },
  'web.target_closed': { zh: '与资产的连接已关闭。', en: 'The connection to the asset was closed.' },
  'web.ended': { zh: '会话已结束。', en: 'The session ended.' },
  'web.failed': { zh: '终端出错了。', en: 'The terminal failed.' },
  'session.forbidden': {
    zh: '命令 "{command}" 被禁止：它匹配命令过滤器的规则 "{rule}"。',
    en: 'Command "{command}" is forbidden: it matches the rule "{rule}" of the command filter.',
  },
  'session.unsure': {
    zh: '无法确切读出这一行，它可能匹配命令过滤器的拒绝规则；未执行。',
    en: 'The line could not be read with certainty and it may match a deny rule of the command filter; it was not run.',
  },
  'session.typeahead': {
    zh: '命令运行时键入的内容无法检查；请在提示符处重新输入命令。',
    en: 'Keys typed while a command runs cannot be checked; type the command again at the prompt.',
  },
  'session.binding': {
    zh: '按键 {key} 会以终端无法检查的方式执行这一行；命令过滤器有拒绝规则时不能使用，未执行。',
    en: 'The key {key} runs the line in a way the door cannot check; it cannot be used while the command filter has deny rules, and nothing was run.',
  },
  'session.unseen': {
    zh: '外壳执行了终端未看到提交的一行（按键绑定被修改？）：已记录为危险命令。',
    en: 'The shell ran a line the door did not see submitted (a changed key binding?): it is recorded as dangerous.',
  },
  'session.tampered': {
    zh: '命令过滤器生效时此会话无法继续，已关闭。',
    en: 'With command filters in force this session cannot go on; it is closed.',
  },
  'session.killed': { zh: '此会话已被管理员终止。', en: 'This session was terminated by an administrator.' },
  'session.idle': { zh: '此会话空闲时间过长，已关闭。', en: 'This session was closed after being idle too long.' },
  'session.stopping': {
    zh: '终端服务正在停止，此会话已关闭。',
    en: 'The terminal service is stopping; this session is closed.',
  },
  'db.welcome': {
    zh: '已连接数据库应用 {app}（{host}:{port}），用户 {user}。服务器版本：{version}',
    en: 'Connected to the database app {app} ({host}:{port}) as {user}. Server version: {version}',
  },
  'db.hint': {
    zh: '输入 help; 或 \\h 查看帮助，\\c 清除当前输入，exit 退出。每条语句都会经过命令过滤器检查并被记录。',
    en: "Type 'help;' or '\\h' for help, '\\c' to clear the current input, 'exit' to leave. Every statement is checked by the command filter and recorded.",
  },
  'db.help': {
    zh: [
      '语句以 ; 结束（或 \\g；以 \\G 结束则每行按字段竖排显示）。',
      'delimiter <符号>  更换语句结束符      \\c  清除当前输入      exit、quit 或 \\q  退出',
      'Ctrl-C  中止正在执行的语句        上 / 下方向键  历史记录',
      '一次只发送一条语句；同一次输入中被拒绝的语句之后的语句不会执行。',
    ].join('\n'),
    en: [
      "Statements end with ';' (or \\g; end with \\G to show each row's fields one per line).",
      'delimiter <text>  changes the end of statements     \\c  clears the input     exit, quit or \\q  leaves',
      'Ctrl-C  stops the statement running                 Up / Down  history',
      'Statements are sent one at a time; those typed after a refused one in the same input are not run.',
    ].join('\n'),
  },
  'db.forbidden': {
    zh: '语句 "{command}" 被禁止：它匹配命令过滤器的规则 "{rule}"。',
    en: 'Statement "{command}" is forbidden: it matches the rule "{rule}" of the command filter.',
  },
  'db.dynamic': {
    zh: '语句 "{command}" 被禁止：运行时才拼出的 SQL 无法检查，而命令过滤器有拒绝规则。',
    en: 'Statement "{command}" is forbidden: SQL built when it runs cannot be checked while the command filter has deny rules.',
  },
  'db.too_long': {
    zh: '语句过长，无法检查，而命令过滤器有拒绝规则；未执行。',
    en: 'The statement is too long to check while the command filter has deny rules; it was not run.',
  },
  'db.skipped': {
    zh: '同一次输入中其后的 {count} 条语句未执行。',
    en: 'The {count} statement(s) typed after it in the same input were not run.',
  },
  'db.interrupted': { zh: '已请求服务器中止该语句。', en: 'The server was asked to stop the statement.' },
  'db.delimiter': { zh: '语句结束符现在是 {delimiter}', en: 'Statements now end with {delimiter}' },
  'db.closed': { zh: '与数据库的连接已关闭。', en: 'The connection to the database was closed.' },
  'menu.db.none': { zh: '没有授权给你的数据库应用。', en: 'No database app is granted to you.' },
  'menu.db.list': {
    zh: '你的数据库应用（输入 d 加编号打开，例如 d1）：',
    en: 'Your database apps (type d and a number to open one, e.g. d1):',
  },
  'menu.db.no_number': { zh: '没有编号为 {number} 的数据库应用。', en: 'No database app has the number {number}.' },
  'menu.db.system_user.none': {
    zh: '{app} 上没有授权给你的数据库系统用户。',
    en: 'No database system user is granted to you on {app}.',
  },
  // The terminal's own storage (storage-health.ts): the cause, then what it meant for what the user did.
  'storage.full': { zh: '堡垒机的磁盘已满', en: "The bastion's disk is full" },
  'storage.read_only': { zh: '堡垒机的存储为只读', en: "The bastion's storage is read-only" },
  'storage.io': { zh: '堡垒机的存储读写出错（I/O 错误）', en: "The bastion's storage failed to write (I/O error)" },
  'storage.line_not_run': {
    zh: '{cause}：这一行无法在执行前记录下来，因此没有执行。空间恢复后即可照常使用。',
    en: '{cause}: the line could not be written down before it runs, so it was not run. Lines run again once space returns.',
  },
  'storage.session_not_opened': {
    zh: '{cause}：会话无法录像，因此没有打开。',
    en: '{cause}: the session could not be recorded, so it was not opened.',
  },
  'storage.operation_not_done': {
    zh: '{cause}：此操作无法记录下来，因此没有执行。',
    en: '{cause}: the operation could not be written down, so it was not done.',
  },
  'storage.recording_gap': {
    zh: '{cause}：此会话的部分屏幕输出未能录像。',
    en: "{cause}: part of this session's screen output could not be recorded.",
  },
  'files.no_such_file': { zh: '没有这个文件或文件夹。', en: 'No such file or folder.' },
  'files.not_a_file': { zh: '这不是一个文件。', en: 'This is not a file.' },
  'files.folder_exists': { zh: '此文件夹已存在。', en: 'This folder exists.' },
  'files.outside_root': {
    zh: '拒绝操作：该路径（或其符号链接指向的位置）在系统用户的根文件夹之外。',
    en: "Permission denied: this path, or where its link points, is outside the system user's root folder.",
  },
  'files.root_stays': {
    zh: '拒绝操作：系统用户的根文件夹不能删除、移动或更改。',
    en: "Permission denied: the system user's root folder cannot be removed, moved or changed.",
  },
  'files.one_session': {
    zh: '两个路径必须在同一资产的同一系统用户文件夹下。',
    en: 'Both paths must be under one asset and system user.',
  },
  'files.need_download': {
    zh: '拒绝操作：下载文件需要“下载文件”（download_file）权限。',
    en: 'Permission denied: downloading needs the download_file action.',
  },
  'files.need_upload': {
    zh: '拒绝操作：上传或更改文件需要“上传文件”（upload_file）权限。',
    en: 'Permission denied: changing files needs the upload_file action.',
  },
  'files.need_browse': {
    zh: '拒绝操作：你在此资产上没有文件权限。',
    en: 'Permission denied: no file action is granted to you here.',
  },
  'files.ended': { zh: '文件会话已结束。', en: 'The file session has ended.' },
  'files.unreachable': { zh: '无法连接 {host}：{error}', en: 'Could not reach {host}: {error}' },
  'files.virtual': {
    zh: '拒绝操作：此文件夹属于堡垒机（资产与系统用户），不能在此写入。',
    en: "Permission denied: this folder is the door's own (assets and system users); nothing is written here.",
  },
  'files.use_method': { zh: '请使用 {method} 请求。', en: 'Use {method}.' },
  'files.not_granted': {
    zh: '该资产或系统用户未授权给你用于文件传输。',
    en: 'This asset or system user is not granted to you for file transfer.',
  },
  'files.not_found': { zh: '未找到。', en: 'Not found.' },
  'files.cut_short': { zh: '上传被中断。', en: 'The upload was cut short.' },
  'files.unsigned': { zh: '未签名的请求。', en: 'Unsigned request.' },
} satisfies Record<string, Record<Lang, string>>;

export type TextKey = keyof typeof TEXTS;

/** The text of `key` in `lang` (no language known: Chinese, the console's default). */
export function text(lang: Lang | undefined, key: TextKey, params: Record<string, string | number> = {}): string {
  return TEXTS[key][lang ?? 'zh'].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
