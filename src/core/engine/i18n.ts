import { registerMessages } from '../i18n/index.ts'

// Messages of the list, form, detail and dialog engines. The spec §8 catalogue (delete, bulk
// delete, import, required ...) lives in core's `message.*`; only engine wording is here.
export const zh = {
    engine: {
      time: { days: '{{value}} 天', hours: '{{value}} 小时', minutes: '{{value}} 分钟', seconds: '{{value}} 秒' },
      list: {
        search: '搜索', filterBy: '筛选字段', filterValue: '筛选值', clearFilters: '清空筛选', yes: '是', no: '否',
        empty: '暂无数据', total: '共 {{total}} 条', pageSize: '{{size}} 条/页', prev: '上一页', next: '下一页',
        pager: '分页', pagerOf: '{{name}}分页', table: '数据列表', pageSizeLabel: '每页条数', pageNumber: '第 {{page}} 页',
        selectAll: '全选', selectRow: '选择此行', moreActions: '更多操作', bulkDelete: '批量删除',
        bulkUpdate: '批量更新', export: '导出', import: '导入', needSelection: '请至少选择一行',
        dateRange: '时间范围', dateFrom: '开始时间', dateTo: '结束时间', dateRangeTo: '至', pickDay: '选择日期',
        quickRange: '快捷选择', removeFilter: '移除筛选 {{name}}', sort: '排序',
        shortcut: { last24h: '最近 24 小时', lastWeek: '最近一周', last30d: '最近 30 天', last90d: '最近 90 天' },
      },
      export: {
        title: '导出', range: '导出范围', all: '所有', selected: '仅选中项', filtered: '仅筛选项',
      },
      import: {
        title: '导入', mode: '动作', create: '创建', update: '更新', template: '下载导入模板',
        updateTemplate: '下载更新模板', file: '文件', help: '仅支持csv文件导入', upload: '导入',
        errorCount: '共 {{count}} 行有错误', errorsShown: '共 {{count}} 行有错误，仅列出前 {{shown}} 行',
      },
      bulkUpdate: { title: '更新所选的 {{count}} 项', pick: '勾选要修改的字段', nothing: '请至少勾选一个字段' },
      form: { nonField: '错误', invalid: '保存失败，请检查标出的字段', more: '加载更多', noMatch: '无匹配数据', placeholder: '请选择', remove: '移除 {{name}}', addTag: '回车添加', pickDate: '选择日期时间', datetimeFormat: '请按 {{format}} 格式填写' },
      detail: { basic: '基本信息', quickActions: '快速修改', add: '添加', members: '成员', remove: '移除' },
      dialog: { new: '新建', edit: '编辑', view: '查看' },
    },
  }

registerMessages({ zh, en: () => import('./i18n.en.ts') })
