import { registerMessages } from '../../core/i18n/index.ts';

// Texts of the web file manager (/koko/elfinder/sftp/, <bastion-file-manager>).

export const zh = {
  files: {
    title: '文件管理',
    crumbs: '当前位置',
    table: '{{path}} 中的文件',
    root: '全部资产',
    loading: '加载中…',
    empty: '此文件夹为空。',
    signIn: { prompt: '请先登录再使用文件管理。', link: '登录' },
    column: { name: '名称', size: '大小', date: '修改日期', permissions: '权限', actions: '操作' },
    action: {
      upload: '上传文件',
      newFolder: '新建文件夹',
      refresh: '刷新',
      download: '下载',
      rename: '重命名',
      delete: '删除',
      save: '确定',
      cancel: '取消',
      cancelUpload: '取消上传',
    },
    folderName: '文件夹名称',
    newName: '新名称',
    confirmDelete: '确定删除 {{name}} 吗？文件夹中的所有内容都会被删除，且无法恢复。',
    uploading: '正在上传 {{name}}：{{percent}}%',
    uploaded: '{{name}} 已上传。',
    cancelled: '已取消上传 {{name}}。',
    uploadFailed: '{{name}} 上传失败：{{message}}',
    failed: '操作失败：{{message}}',
    noDownload: '你无权下载此处的文件：下载需要“下载文件”（download_file）权限。',
    noUpload: '你无权在此处上传或修改文件：需要“上传文件”（upload_file）权限。',
    virtual: '请进入资产下的系统用户文件夹来管理文件。',
    notGranted: '该资产或系统用户未授权给你用于文件传输。',
  },
};

registerMessages({ zh, en: () => import('./i18n.en.ts') });
