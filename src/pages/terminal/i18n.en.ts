import type { Translation } from '../../core/i18n/index.ts'
import type { zh } from './i18n.ts'

// Loaded when the console speaks English (core/i18n registerMessages); the type keeps its keys those of zh.
const en: Translation<typeof zh> = {
    terminal: {
      tabs: { online: 'Online sessions', history: 'History sessions', replayStorage: 'Replay storage', commandStorage: 'Command storage', commands: 'Commands' },
      column: {
        index: 'No.', target: 'Target', command: 'Commands', loginFrom: 'Login from', protocol: 'Protocol', duration: 'Duration',
        riskLevel: 'Risk level', session: 'Session', date: 'Date', output: 'Output', input: 'Command', alive: 'Alive',
        sessionOnline: 'Online sessions', type: 'Type', storage: 'Storage',
      },
      action: {
        terminate: 'Terminate', replay: 'Replay', download: 'Download', accept: 'Accept', test: 'Test connection', goto: 'Go to',
        replayAt: 'Replay from here', storages: 'Storage configuration',
      },
      message: {
        terminateSent: 'Terminate task has been send, Please check later', accepted: 'Terminal accepted',
        noReplay: 'This session has no replay', testOk: 'Connected', testFailed: 'Connection failed',
      },
      risk: { ordinary: 'Ordinary', dangerous: 'Dangerous' },
      session: { info: 'Session info', commands: 'Session commands', player: 'Replay', finished: 'Finished', online: 'Online' },
      storage: {
        create: 'Create', types: 'Storage type', bucket: 'Bucket', accessKey: 'Access key', secretKey: 'Secret key', endpoint: 'Endpoint',
        region: 'Region', protocol: 'Protocol', containerName: 'Container name', accountName: 'Account name', accountKey: 'Account key',
        endpointSuffix: 'Endpoint suffix', hosts: 'Hosts', index: 'Index', docType: 'Doc type',
        secretHelp: 'Leave blank to keep the current value', hostsHelp: 'Separate several hosts with commas',
      },
      filter: { user: 'User', asset: 'Asset', systemUser: 'System user', input: 'Command' },
      storageState: {
        ok: 'OK', low: 'Low on space', full: 'Disk full', read_only: 'Read-only', io: 'I/O errors', unknown: 'Unknown', free: '{{free}} free of {{total}}',
      },
      empty: 'None',
    },
  }

export default en
