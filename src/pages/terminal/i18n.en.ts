import type { Translation } from '../../core/i18n/index.ts'
import type { zh } from './i18n.ts'

// Loaded when the console speaks English (core/i18n registerMessages); the type keeps its keys those of zh.
const en: Translation<typeof zh> = {
    terminal: {
      tabs: { online: 'Online sessions', history: 'History sessions', replayStorage: 'Replay storage', commandStorage: 'Command storage', commands: 'Commands' },
      column: {
        index: 'No.', target: 'Target', command: 'Commands', loginFrom: 'Login from', protocol: 'Protocol', duration: 'Duration',
        riskLevel: 'Risk level', session: 'Session', date: 'Date', output: 'Output', input: 'Command', alive: 'Alive',
        sessionOnline: 'Online sessions', type: 'Type', storage: 'Storage', sshPort: 'SSH port', webDoor: 'Web door', replayStorage: 'Replay storage',
        commandStorage: 'Command storage', uploads: 'Recording uploads', keptIn: 'Kept in',
      },
      action: {
        terminate: 'Terminate', replay: 'Replay', download: 'Download', accept: 'Accept', test: 'Test connection', goto: 'Go to',
        replayAt: 'Replay from here', storages: 'Storage configuration', sessions: 'Sessions',
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
      kept: {
        database: 'Server database', bucket: 'Object store bucket', nowhere: 'Not kept', serverDisk: 'Server disk',
        azureOnServer: 'Server disk (Azure not supported yet)',
        commandsNote: 'This deployment keeps commands in the server\'s database: an Elasticsearch command storage can be saved, but terminals do not write to it (no Elasticsearch can run here to test a writer).',
        azureNote: 'Azure: recordings of terminals pointed here stay on the server\'s disk (no Azure writer yet).',
        objectNote: 'S3, Ceph, Swift, OSS: terminals upload each recording to the bucket, gzip, as <date>/<session id>.cast.gz.',
      },
      replayState: {
        retrying: 'Recording not yet stored in {{storage}}, retrying: {{error}}',
        uploading: 'The recording is being stored in {{storage}}…',
        terminalOffline: 'Recording not yet stored in {{storage}}: its terminal is offline ({{error}}); it is delivered when the terminal runs again.',
        notKept: 'No recording kept: the terminal\'s replay storage {{storage}} is Null.',
      },
      uploads: { ok: 'OK', waiting: '{{count}} waiting', failing: '{{count}} waiting, store failing, retrying: {{error}}', unknown: 'Terminal offline' },
    },
  }

export default en
