import type { Translation } from '../../core/i18n/index.ts';
import type { zh } from './i18n.ts';

// Loaded when the console speaks English (core/i18n registerMessages); the type keeps its keys those of zh.
const en: Translation<typeof zh> = {
  files: {
    title: 'File manager',
    crumbs: 'Location',
    table: 'Files in {{path}}',
    root: 'All assets',
    loading: 'Loading…',
    empty: 'This folder is empty.',
    signIn: { prompt: 'Sign in to use the file manager.', link: 'Sign in' },
    column: { name: 'Name', size: 'Size', date: 'Modified', permissions: 'Permissions', actions: 'Actions' },
    action: {
      upload: 'Upload files',
      newFolder: 'New folder',
      refresh: 'Refresh',
      download: 'Download',
      rename: 'Rename',
      delete: 'Delete',
      save: 'OK',
      cancel: 'Cancel',
      cancelUpload: 'Cancel upload',
    },
    folderName: 'Folder name',
    newName: 'New name',
    confirmDelete: 'Delete {{name}}? Everything in a folder is deleted too; this cannot be undone.',
    uploading: 'Uploading {{name}}: {{percent}}%',
    uploaded: '{{name}} uploaded.',
    cancelled: 'Upload of {{name}} cancelled.',
    uploadFailed: 'Upload of {{name}} failed: {{message}}',
    failed: 'The operation failed: {{message}}',
    noDownload: 'You may not download files here: downloading needs the download_file permission.',
    noUpload: 'You may not upload or change files here: it needs the upload_file permission.',
    virtual: "Open a system user's folder under an asset to manage its files.",
    notGranted: 'This asset or system user is not granted to you for file transfer.',
  },
};

export default en;
