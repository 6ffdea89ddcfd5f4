// Every text the terminal's doors and sessions show a user, English beside Chinese (the console's default), in
// the server's catalogue shape ({en, zh}). `{name}` placeholders are filled from the params; a missing one stays as written.
export type Lang = 'zh' | 'en';

export const TEXTS = {
  'menu.welcome': { en: '{name}, welcome to the bastion terminal.', zh: '{name}，欢迎使用堡垒机终端。' },
  'menu.help': {
    en: [
      'Type a number to open that asset from the list shown last.',
      'Type a hostname or IP to open it directly, or any other text to search your assets.',
      'Only the assets you may connect to over SSH are listed.',
      '/text  searches without opening     p  lists all your assets     n / b  next / previous page',
      'd      lists your database apps       d<number>  opens one (e.g. d1)',
      'h      shows this help again          q  quits',
    ].join('\n'),
    zh: [
      '输入编号：打开最近一次列表中该编号的资产。',
      '输入主机名或 IP：直接打开该资产；输入其他文字：搜索你的资产。',
      '这里只列出你有权通过 SSH 连接的资产。',
      '/文字  只搜索不打开        p  列出你的全部资产      n / b  下一页 / 上一页',
      'd      列出你的数据库应用  d编号  打开该数据库应用（如 d1）',
      'h      再次显示本帮助      q  退出',
    ].join('\n'),
  },
  // The prompt is the same word in both languages, as koko's: scripts and people look for it.
  'menu.prompt': { en: 'Opt> ', zh: 'Opt> ' },
  'menu.server_error': { en: 'The server could not answer: {error}', zh: '服务器未能应答：{error}' },
  'menu.no_list': {
    en: 'No list is shown yet: type p to list your assets.',
    zh: '还没有显示列表：输入 p 列出你的资产。',
  },
  'menu.no_number': { en: 'No asset has the number {number} in the list.', zh: '列表中没有编号为 {number} 的资产。' },
  'menu.no_match': { en: 'No granted asset matches.', zh: '没有匹配的已授权资产。' },
  'menu.column.id': { en: 'ID', zh: '编号' },
  'menu.column.hostname': { en: 'Hostname', zh: '主机名' },
  'menu.column.ip': { en: 'IP', zh: 'IP' },
  'menu.column.comment': { en: 'Comment', zh: '备注' },
  'menu.count.pages': {
    en: 'Page {page} of {pages}, {count} assets: n next page, b previous page.',
    zh: '第 {page}/{pages} 页，共 {count} 个资产：n 下一页，b 上一页。',
  },
  'menu.count.one': { en: '1 asset.', zh: '共 1 个资产。' },
  'menu.count.many': { en: '{count} assets.', zh: '共 {count} 个资产。' },
  'menu.system_user.none': {
    en: 'No SSH system user is granted to you on {host} with the connect action.',
    zh: '你在 {host} 上没有可连接（connect 动作）的 SSH 系统用户授权。',
  },
  'menu.system_user.list': { en: 'System users granted on {host}:', zh: '{host} 上授权给你的系统用户：' },
  'menu.system_user.same_as_user': { en: 'same as your username', zh: '与你的用户名相同' },
  'menu.system_user.prompt': { en: 'System user number (Enter to go back)> ', zh: '系统用户编号（回车返回）> ' },
  'menu.system_user.no_number': {
    en: 'No system user has the number {number}.',
    zh: '没有编号为 {number} 的系统用户。',
  },
  'menu.manual.username': { en: 'Username for {host}: ', zh: '{host} 的用户名：' },
  'menu.manual.password': { en: 'Password for {username}@{host}: ', zh: '{username}@{host} 的密码：' },
  'connect.connecting': {
    en: 'Connecting to {systemUser}@{host} ({ip}) ...',
    zh: '正在连接 {systemUser}@{host} ({ip}) ...',
  },
  'connect.failed': { en: 'Could not connect to {host}: {error}', zh: '无法连接 {host}：{error}' },
  'connect.refused': {
    en: 'You may not connect to {host} as {systemUser}: no permission grants you the connect action.',
    zh: '你无权以 {systemUser} 连接 {host}：授权没有给出连接（connect）动作。',
  },
  'connect.unchecked': {
    en: 'Your permission to connect to {host} could not be confirmed, so the connection is not made: {error}',
    zh: '无法确认你连接 {host} 的权限，因此不连接：{error}',
  },
  'door.bye': { en: 'Bye.', zh: '再见。' },
  'door.mfa.instructions': { en: 'Enter the code your authenticator app shows.', zh: '请输入认证器应用显示的验证码。' },
  'door.mfa.prompt': { en: 'MFA code', zh: 'MFA 验证码' },
  'door.notice.close': { en: 'Press Enter to end', zh: '按回车键结束' },
  // The server could not judge a sign-in (door-sign-in.ts): said at the door, never as a wrong password.
  'door.server_busy': {
    en: "The bastion's server is too busy to check your sign-in right now (this is not a wrong password). Try again in a moment.",
    zh: '堡垒机服务器正忙，暂时无法校验你的登录（并非密码错误），请稍后再试。',
  },
  'door.server_failed': {
    en: "The bastion's server failed while checking your sign-in (this is not a wrong password). Try again later or tell an administrator.",
    zh: '堡垒机服务器出错，无法校验你的登录（并非密码错误），请稍后再试或联系管理员。',
  },
  'door.server_cannot_save': {
    en: "The bastion's server cannot record your sign-in: its storage refuses writes (its disk may be full). This is not a wrong password. Try again later or tell an administrator.",
    zh: '堡垒机服务器的存储拒绝写入（例如磁盘已满），无法记录你的登录（并非密码错误），请稍后再试或联系管理员。',
  },
  'door.server_silent': {
    en: "The bastion's server did not answer, so your sign-in could not be checked (this is not a wrong password). Try again later or tell an administrator.",
    zh: '堡垒机服务器没有应答，无法校验你的登录（并非密码错误），请稍后再试或联系管理员。',
  },
  'web.token_invalid': { en: 'The connection token is invalid or expired.', zh: '连接令牌无效或已过期。' },
  'web.target_closed': { en: 'The connection to the asset was closed.', zh: '与资产的连接已关闭。' },
  'web.ended': { en: 'The session ended.', zh: '会话已结束。' },
  'web.failed': { en: 'The terminal failed.', zh: '终端出错了。' },
  'session.forbidden': {
    en: 'Command "{command}" is forbidden: it matches the rule "{rule}" of the command filter.',
    zh: '命令 "{command}" 被禁止：它匹配命令过滤器的规则 "{rule}"。',
  },
  'session.unsure': {
    en: 'The line could not be read with certainty and it may match a deny rule of the command filter; it was not run.',
    zh: '无法确切读出这一行，它可能匹配命令过滤器的拒绝规则；未执行。',
  },
  'session.typeahead': {
    en: 'Keys typed while a command runs cannot be checked; type the command again at the prompt.',
    zh: '命令运行时键入的内容无法检查；请在提示符处重新输入命令。',
  },
  'session.binding': {
    en: 'The key {key} runs the line in a way the door cannot check; it cannot be used while the command filter has deny rules, and nothing was run.',
    zh: '按键 {key} 会以终端无法检查的方式执行这一行；命令过滤器有拒绝规则时不能使用，未执行。',
  },
  'session.unseen': {
    en: 'The shell ran a line the door did not see submitted (a changed key binding?): it is recorded as dangerous.',
    zh: '外壳执行了终端未看到提交的一行（按键绑定被修改？）：已记录为危险命令。',
  },
  'session.tampered': {
    en: 'With command filters in force this session cannot go on; it is closed.',
    zh: '命令过滤器生效时此会话无法继续，已关闭。',
  },
  'session.killed': { en: 'This session was terminated by an administrator.', zh: '此会话已被管理员终止。' },
  'session.idle': { en: 'This session was closed after being idle too long.', zh: '此会话空闲时间过长，已关闭。' },
  'session.stopping': {
    en: 'The terminal service is stopping; this session is closed.',
    zh: '终端服务正在停止，此会话已关闭。',
  },
  'db.welcome': {
    en: 'Connected to the database app {app} ({host}:{port}) as {user}. Server version: {version}',
    zh: '已连接数据库应用 {app}（{host}:{port}），用户 {user}。服务器版本：{version}',
  },
  'db.hint': {
    en: "Type 'help;' or '\\h' for help, '\\c' to clear the current input, 'exit' to leave. Every statement is checked by the command filter and recorded.",
    zh: '输入 help; 或 \\h 查看帮助，\\c 清除当前输入，exit 退出。每条语句都会经过命令过滤器检查并被记录。',
  },
  'db.help': {
    en: [
      "Statements end with ';' (or \\g; end with \\G to show each row's fields one per line).",
      'delimiter <text>  changes the end of statements     \\c  clears the input     exit, quit or \\q  leaves',
      'Ctrl-C  stops the statement running                 Up / Down  history',
      'Statements are sent one at a time; those typed after a refused one in the same input are not run.',
    ].join('\n'),
    zh: [
      '语句以 ; 结束（或 \\g；以 \\G 结束则每行按字段竖排显示）。',
      'delimiter <符号>  更换语句结束符      \\c  清除当前输入      exit、quit 或 \\q  退出',
      'Ctrl-C  中止正在执行的语句        上 / 下方向键  历史记录',
      '一次只发送一条语句；同一次输入中被拒绝的语句之后的语句不会执行。',
    ].join('\n'),
  },
  'db.forbidden': {
    en: 'Statement "{command}" is forbidden: it matches the rule "{rule}" of the command filter.',
    zh: '语句 "{command}" 被禁止：它匹配命令过滤器的规则 "{rule}"。',
  },
  'db.dynamic': {
    en: 'Statement "{command}" is forbidden: SQL built when it runs cannot be checked while the command filter has deny rules.',
    zh: '语句 "{command}" 被禁止：运行时才拼出的 SQL 无法检查，而命令过滤器有拒绝规则。',
  },
  'db.too_long': {
    en: 'The statement is too long to check while the command filter has deny rules; it was not run.',
    zh: '语句过长，无法检查，而命令过滤器有拒绝规则；未执行。',
  },
  'db.skipped': {
    en: 'The {count} statement(s) typed after it in the same input were not run.',
    zh: '同一次输入中其后的 {count} 条语句未执行。',
  },
  'db.interrupted': { en: 'The server was asked to stop the statement.', zh: '已请求服务器中止该语句。' },
  'db.delimiter': { en: 'Statements now end with {delimiter}', zh: '语句结束符现在是 {delimiter}' },
  'db.closed': { en: 'The connection to the database was closed.', zh: '与数据库的连接已关闭。' },
  'menu.db.none': { en: 'No database app is granted to you.', zh: '没有授权给你的数据库应用。' },
  'menu.db.list': {
    en: 'Your database apps (type d and a number to open one, e.g. d1):',
    zh: '你的数据库应用（输入 d 加编号打开，例如 d1）：',
  },
  'menu.db.no_number': { en: 'No database app has the number {number}.', zh: '没有编号为 {number} 的数据库应用。' },
  'menu.db.system_user.none': {
    en: 'No database system user is granted to you on {app}.',
    zh: '{app} 上没有授权给你的数据库系统用户。',
  },
  // The terminal's own storage (storage-health.ts): the cause, then what it meant for what the user did.
  'storage.full': { en: "The bastion's disk is full", zh: '堡垒机的磁盘已满' },
  'storage.read_only': { en: "The bastion's storage is read-only", zh: '堡垒机的存储为只读' },
  'storage.io': { en: "The bastion's storage failed to write (I/O error)", zh: '堡垒机的存储读写出错（I/O 错误）' },
  'storage.line_not_run': {
    en: '{cause}: the line could not be written down before it runs, so it was not run. Lines run again once space returns.',
    zh: '{cause}：这一行无法在执行前记录下来，因此没有执行。空间恢复后即可照常使用。',
  },
  'storage.session_not_opened': {
    en: '{cause}: the session could not be recorded, so it was not opened.',
    zh: '{cause}：会话无法录像，因此没有打开。',
  },
  'storage.operation_not_done': {
    en: '{cause}: the operation could not be written down, so it was not done.',
    zh: '{cause}：此操作无法记录下来，因此没有执行。',
  },
  'storage.recording_gap': {
    en: "{cause}: part of this session's screen output could not be recorded.",
    zh: '{cause}：此会话的部分屏幕输出未能录像。',
  },
  'files.no_such_file': { en: 'No such file or folder.', zh: '没有这个文件或文件夹。' },
  'files.not_a_file': { en: 'This is not a file.', zh: '这不是一个文件。' },
  'files.folder_exists': { en: 'This folder exists.', zh: '此文件夹已存在。' },
  'files.outside_root': {
    en: "Permission denied: this path, or where its link points, is outside the system user's root folder.",
    zh: '拒绝操作：该路径（或其符号链接指向的位置）在系统用户的根文件夹之外。',
  },
  'files.root_stays': {
    en: "Permission denied: the system user's root folder cannot be removed, moved or changed.",
    zh: '拒绝操作：系统用户的根文件夹不能删除、移动或更改。',
  },
  'files.one_session': {
    en: 'Both paths must be under one asset and system user.',
    zh: '两个路径必须在同一资产的同一系统用户文件夹下。',
  },
  'files.need_download': {
    en: 'Permission denied: downloading needs the download_file action.',
    zh: '拒绝操作：下载文件需要“下载文件”（download_file）权限。',
  },
  'files.need_upload': {
    en: 'Permission denied: changing files needs the upload_file action.',
    zh: '拒绝操作：上传或更改文件需要“上传文件”（upload_file）权限。',
  },
  'files.need_browse': {
    en: 'Permission denied: no file action is granted to you here.',
    zh: '拒绝操作：你在此资产上没有文件权限。',
  },
  'files.ended': { en: 'The file session has ended.', zh: '文件会话已结束。' },
  'files.unreachable': { en: 'Could not reach {host}: {error}', zh: '无法连接 {host}：{error}' },
  'files.virtual': {
    en: "Permission denied: this folder is the door's own (assets and system users); nothing is written here.",
    zh: '拒绝操作：此文件夹属于堡垒机（资产与系统用户），不能在此写入。',
  },
  'files.use_method': { en: 'Use {method}.', zh: '请使用 {method} 请求。' },
  'files.not_granted': {
    en: 'This asset or system user is not granted to you for file transfer.',
    zh: '该资产或系统用户未授权给你用于文件传输。',
  },
  'files.not_found': { en: 'Not found.', zh: '未找到。' },
  'files.cut_short': { en: 'The upload was cut short.', zh: '上传被中断。' },
  'files.unsigned': { en: 'Unsigned request.', zh: '未签名的请求。' },
} satisfies Record<string, Record<Lang, string>>;

export type TextKey = keyof typeof TEXTS;

/** The text of `key` in `lang` (no language known: Chinese, the console's default). */
export function text(lang: Lang | undefined, key: TextKey, params: Record<string, string | number> = {}): string {
  return TEXTS[key][lang ?? 'zh'].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
