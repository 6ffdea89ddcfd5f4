import type { Translation } from '../../core/i18n/index.ts';
import type { zh } from './i18n.ts';

// Loaded when the console speaks English (core/i18n registerMessages); the type keeps its keys those of zh.
const en: Translation<typeof zh> = {
  webterm: {
    title: 'Web terminal',
    loading: 'Loading…',
    signIn: { prompt: 'Sign in to use the web terminal.', link: 'Sign in' },
    assets: {
      heading: 'Choose an asset to connect to',
      empty: 'No assets have been granted to you yet. Ask an administrator for an asset permission.',
      connect: 'Connect',
    },
    databases: { heading: 'Or a database app to connect to' },
    asset: {
      notGranted: 'This asset does not exist or is not granted to you.',
      choose: 'Choose another asset',
    },
    systemUsers: {
      heading: 'Choose the system user to log in to {{hostname}} as',
      none: 'None of your system users on this asset can open a web terminal (it takes SSH and the connect action).',
      connect: 'Connect',
    },
    app: {
      unsupported: 'The web terminal connects to assets and database apps; this kind of application is not supported.',
      remote:
        'Remote apps need a Windows RemoteApp host and a graphical terminal component (such as Guacamole); this terminal carries SSH and MySQL sessions only.',
      k8s: 'Kubernetes apps need a cluster API server the terminal can reach; this terminal carries SSH and MySQL sessions only.',
      missing: 'No database app was named. Connect from My apps.',
      notGranted: 'This database app does not exist or is not granted to you.',
      noSystemUser: 'No system user is granted to you on this database app.',
    },
    session: {
      connecting: 'Connecting to {{hostname}}…',
      closed: 'The connection is closed.',
      tokenFailed: 'Could not get a connection token: {{message}}',
      reconnect: 'Reconnect',
      other: 'Connect to another asset',
      leaveKey: 'The terminal takes every key, Tab too: press Ctrl+] to leave it and come back here',
      keysBar: 'Terminal actions',
    },
  },
};

export default en;
