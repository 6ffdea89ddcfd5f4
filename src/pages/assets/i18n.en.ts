import type { Translation } from '../../core/i18n/index.ts'
import type { zh } from './i18n.ts'

// Loaded when the console speaks English (core/i18n registerMessages); the type keeps its keys those of zh.
const en: Translation<typeof zh> = {
  assets: {
    groups: { basic: 'Basic', network: 'Network and nodes', other: 'Other', auth: 'Authentication', command: 'Commands' },
    connectivity: { reachable: 'Reachable', unreachable: 'Unreachable', unknown: 'Unknown' },
    tree: {
      title: 'Asset tree', loading: 'Loading...', createNode: 'Create node', rename: 'Rename node', delete: 'Delete node',
      newName: 'Node name', deleteConfirm: 'Delete node {{name}}?', showAll: 'Show assets of sub-nodes', moveTo: 'Move to node',
      addTo: 'Add to node', removeFrom: 'Remove from node', chooseNode: 'Choose a node in the asset tree first', createAsset: 'Create an asset in this node',
      refresh: 'Refresh the asset tree',
      help: 'The asset tree is on the left: right-click a node to create, delete or rename nodes. Permissions grant assets by node too. The right shows the assets under the chosen node.',
      closeHelp: 'Close the tip',
    },
    quick: {
      active: 'Active', testConnectivity: 'Test connectivity', refreshHardware: 'Refresh hardware info',
      test: 'Test', refresh: 'Refresh', taskStarted: 'Task started',
    },
    parent: { filter: 'A rule belongs to a command filter: choose the filter the rule goes into first', filterLabel: 'Command filter' },
    tabs: { systemUsers: 'System users', nodes: 'Nodes', labels: 'Labels', gateways: 'Gateways', rules: 'Rules' },
    relations: { nodes: 'Asset nodes', labels: 'Asset labels', assets: 'Assets', systemUsers: 'System users' },
    help: {
      noAdminUser: 'No admin user: the server never checks this asset\'s connectivity or hardware, so its connectivity stays Unknown',
      password: 'For some asset types, the password must not contain special characters',
      priority: 'Priority 1-100, 1 is the lowest; a user with several system users gets the highest by default',
      autoPush: 'Push the system user to the assets automatically',
      sudo: 'Commands separated by commas, e.g. /bin/whoami,/sbin/ifconfig',
      shell: 'The shell used after login, e.g. /bin/bash',
      home: 'Default home: /home/<system username>',
      groups: 'Groups of the user, separated by commas',
      sftpRoot: 'SFTP start folder: tmp (temporary), home (home folder) or an absolute path',
      content: 'One command per line',
      ruleAction: 'What happens when a command matches',
      protocols: 'Format protocol/port, e.g. ssh/22, 1 to 4 entries',
      privateKey: 'Only PEM private keys (ssh-keygen -t rsa -m pem)',
      autoGenerateKey: 'Generate a key automatically',
      usernameRequired: 'The username is required for automatic login',
      credentialRequired: 'A password or a private key is required, or generate a key automatically',
      protocolsInvalid: '{{entry}} should be protocol/port (ssh, rdp, telnet, vnc), e.g. ssh/22',
      protocolsCount: 'Give 1 to 4 protocols',
      protocolsPort: 'The port of {{entry}} should be 1 to 65535',
      protocolsTwice: '{{protocol}} already has a port: each protocol appears once, change the one there',
    },
    columns: { hostname: 'Hostname', platform: 'Platform', hardware_info: 'Hardware', connectivity: 'Connectivity', name: 'Name', ip: 'IP', port: 'Port', username: 'Username', type: 'Type', content: 'Content', priority: 'Priority', action: 'Action', org_name: 'Organization', comment: 'Comment', favorite: 'Favorite' },
    rules: { create: 'Create rule', empty: 'No rules' },
    gateways: { create: 'Create gateway', test: 'Test connection', ok: 'Reachable' },
    systemUsers: { empty: 'No system users' },
    signIn: { prompt: 'Sign in to see the assets', link: 'Sign in' },
    browser: { myTree: 'My asset tree', allAssets: 'All assets', connect: 'Connect', connectTo: 'Connect to {{hostname}}', favorite: 'Favorite' },
  },
}

export default en
