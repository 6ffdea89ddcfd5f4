import { registerMessages } from '../../core/i18n/index.ts'

// Texts of the Assets section. Field labels come from the server's metadata; these are what the
// console itself says (help texts of spec §5, tree menu, connectivity, quick actions).

export const zh = {
  assets: {
    groups: { basic: '基本', network: '网络与节点', other: '其它', auth: '认证', command: '命令' },
    connectivity: { reachable: '可连接', unreachable: '不可连接', unknown: '未知' },
    tree: {
      title: '资产树', loading: '加载中...', createNode: '创建节点', rename: '重命名节点', delete: '删除节点',
      newName: '节点名称', deleteConfirm: '确定删除节点 {{name}}？', showAll: '显示子节点资产', moveTo: '移动到节点',
      addTo: '添加到节点', removeFrom: '从节点移除', chooseNode: '请先在资产树中选择一个节点', createAsset: '在此节点创建资产',
      refresh: '刷新资产树', help: '左侧是资产树，右击可以新建、删除、更改树节点，授权资产也是以节点方式组织的，右侧是属于该节点下的资产',
      closeHelp: '关闭提示',
    },
    quick: {
      active: '激活中', testConnectivity: '测试资产可连接性', refreshHardware: '更新硬件信息',
      test: '测试', refresh: '刷新', taskStarted: '任务已开始',
    },
    tabs: { systemUsers: '系统用户', nodes: '节点', labels: '标签', gateways: '网关', rules: '规则' },
    parent: { filter: '规则属于一个命令过滤器：请先选择要加入规则的命令过滤器', filterLabel: '命令过滤器' },
    relations: { nodes: '资产节点', labels: '资产标签', assets: '资产', systemUsers: '系统用户' },
    help: {
      noAdminUser: '未选择管理用户：服务器不会检测此资产的可连接性和硬件信息，可连接性将一直显示为未知',
      password: '某些资产类型的密码不能包含特殊字符',
      priority: '优先级 1-100，1 最低；同一用户有多个系统用户时，优先级高的为默认',
      autoPush: '自动推送系统用户到资产',
      sudo: '使用逗号分隔多个命令，如: /bin/whoami,/sbin/ifconfig',
      shell: '登录后使用的 Shell，如 /bin/bash',
      home: '默认家目录 /home/系统用户名: /home/username',
      groups: '用户所在的组，多个以逗号分隔',
      sftpRoot: 'SFTP 的起始路径: tmp 为临时目录，home 为家目录，或填写绝对路径',
      content: '每行一个命令',
      ruleAction: '命令匹配后的动作',
      protocols: '格式 协议/端口，如 ssh/22，1-4 个',
      privateKey: '只支持 PEM 格式私钥（ssh-keygen -t rsa -m pem）',
      autoGenerateKey: '自动生成密钥',
      usernameRequired: '自动登录模式下用户名必填',
      credentialRequired: '需要密码或私钥，或者选择自动生成密钥',
      protocolsInvalid: '{{entry}} 的格式应为 协议/端口（ssh、rdp、telnet、vnc），如 ssh/22',
      protocolsCount: '请填写 1 到 4 个协议',
      protocolsPort: '{{entry}} 的端口应在 1 到 65535 之间',
      protocolsTwice: '{{protocol}} 已有一个端口：每个协议只能填一次，请修改已有的那一个',
    },
    columns: { hostname: '主机名', platform: '系统平台', hardware_info: '硬件信息', connectivity: '可连接性', name: '名称', ip: 'IP', port: '端口', username: '用户名', type: '类型', content: '内容', priority: '优先级', action: '动作', org_name: '组织', comment: '备注', favorite: '收藏' },
    rules: { create: '创建规则', empty: '暂无规则' },
    gateways: { create: '创建网关', test: '测试连接', ok: '可连接' },
    systemUsers: { empty: '暂无系统用户' },
    signIn: { prompt: '请先登录后查看资产', link: '登录' },
    // <bastion-asset-list>: the user's own assets (scope "mine") and the row's Connect.
    browser: { myTree: '我的资产树', allAssets: '全部资产', connect: '连接', connectTo: '连接到 {{hostname}}', favorite: '已收藏' },
  },
}

registerMessages({ zh, en: () => import('./i18n.en.ts') })
