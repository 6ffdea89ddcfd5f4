import type { Translation } from '../../core/i18n/index.ts'
import type { zh } from './i18n.ts'

// Loaded when the console speaks English (core/i18n registerMessages); the type keeps its keys those of zh.
const en: Translation<typeof zh> = {
  ops: {
    taskLog: { title: 'Task log', finished: 'Task finished', failed: 'Could not read the log', openTab: 'Open in a new tab', close: 'Close', backToConsole: 'Back to the console' },
    task: {
      run: 'Run', runStarted: 'The task has started', versions: 'Versions', history: 'History', contents: 'Contents',
      summary: 'Summary', latest: 'Latest run', success: 'Success', failed: 'Failed', total: 'Total', log: 'Log',
      lastSuccess: 'Succeeded hosts', lastFailure: 'Failed hosts', hostsAmount: 'Hosts', timedelta: 'Time (s)',
      isFinished: 'Finished', isSuccess: 'Success', dateStart: 'Started', runTimes: 'Runs', task: 'Task',
      module: 'Module', args: 'Arguments', none: 'None',
    },
    batch: {
      assets: 'Assets', runAs: 'Run as', command: 'Command', run: 'Run', stop: 'Stop', running: 'Running…',
      placeholder: 'A command to run on the ticked assets, e.g. hostname; id',
      selected: '{{count}} asset(s) ticked', noAssets: 'Tick some assets first', noRunAs: 'Choose whom to run as', noCommand: 'Type a command',
      noSystemUsers: 'The ticked assets share no SSH system user', loadingTree: 'Loading the asset tree…', emptyTree: 'No asset is granted to you',
      summary: 'Summary: {{ok}} succeeded, {{failed}} failed, {{skipped}} skipped', stopped: 'Stopped',
      expand: 'Expand', collapse: 'Collapse', output: 'Output', history: 'Runs',
    },
  },
}

export default en
