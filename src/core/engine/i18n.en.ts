import type { Translation } from '../i18n/index.ts'
import type { zh } from './i18n.ts'

// Loaded when the console speaks English (core/i18n registerMessages); the type keeps its keys those of zh.
const en: Translation<typeof zh> = {
    engine: {
      time: { days: '{{value}} days', hours: '{{value}} hours', minutes: '{{value}} minutes', seconds: '{{value}} seconds' },
      list: {
        search: 'Search', filterBy: 'Filter field', filterValue: 'Filter value', clearFilters: 'Clear filters',
        yes: 'Yes', no: 'No', empty: 'No data', total: 'Total {{total}}', pageSize: '{{size}} / page',
        prev: 'Previous', next: 'Next', selectAll: 'Select all', selectRow: 'Select this row',
        pager: 'Pages', pagerOf: 'Pages of {{name}}', table: 'Rows', pageSizeLabel: 'Rows per page', pageNumber: 'Page {{page}}',
        moreActions: 'More actions', bulkDelete: 'Delete selected', bulkUpdate: 'Update selected',
        export: 'Export', import: 'Import', needSelection: 'Select at least one row',
        dateRange: 'Date range', dateFrom: 'Start time', dateTo: 'End time', dateRangeTo: 'to', pickDay: 'Pick a day',
        quickRange: 'Quick range', removeFilter: 'Remove filter {{name}}', sort: 'Sort',
        shortcut: { last24h: 'Last 24 hours', lastWeek: 'Last week', last30d: 'Last 30 days', last90d: 'Last 90 days' },
      },
      export: {
        title: 'Export', range: 'Export range', all: 'All', selected: 'Selected only', filtered: 'Filtered only',
      },
      import: {
        title: 'Import', mode: 'Action', create: 'Create', update: 'Update', template: 'Download the import template',
        updateTemplate: 'Download the update template', file: 'File', help: 'Only CSV files are supported',
        upload: 'Import', errorCount: '{{count}} rows have errors', errorsShown: '{{count}} rows have errors; the first {{shown}} are listed',
      },
      bulkUpdate: {
        title: 'Update the {{count}} selected items', pick: 'Tick the fields to change',
        nothing: 'Tick at least one field',
      },
      form: {
        nonField: 'Error', invalid: 'Not saved: check the fields marked', more: 'Load more', noMatch: 'No match', placeholder: 'Select', remove: 'Remove {{name}}', addTag: 'Press Enter to add',
        pickDate: 'Pick a date and time', datetimeFormat: 'Use the format {{format}}',
      },
      detail: { basic: 'Basic information', quickActions: 'Quick modify', add: 'Add', members: 'Members', remove: 'Remove' },
      dialog: { new: 'New', edit: 'Edit', view: 'View' },
    },
  }

export default en
