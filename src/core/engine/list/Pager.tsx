import '../i18n.ts';
import { PAGER_COUNT } from '../../config.ts';
import { useT } from '../../i18n/index.ts';

/** Up to PAGER_COUNT page numbers, centred on the current page where possible. */
export function pagerPages(page: number, pageCount: number, count = PAGER_COUNT): number[] {
  const last = Math.max(1, pageCount);
  const start = Math.max(1, Math.min(page - Math.floor(count / 2), last - count + 1));
  const end = Math.min(last, start + count - 1);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

export interface PagerProps {
  total: number;
  page: number;
  size: number;
  sizes: readonly number[];
  onPage: (page: number) => void;
  onSize: (size: number) => void;
  /** What is paged (the list's name): two pagers on one page were two navigations both named 分页. */
  label?: string;
}

export function Pager({ total, page, size, sizes, onPage, onSize, label }: PagerProps) {
  const t = useT();
  const pageCount = Math.max(1, Math.ceil(total / size));
  // A size set by the page (an element's page-size attribute) is offered even when not a preset.
  const choices = sizes.includes(size) ? sizes : [...sizes, size].sort((a, b) => a - b);
  return (
    <nav
      className="pager"
      part="pager"
      aria-label={label ? t('engine.list.pagerOf', { name: label }) : t('engine.list.pager')}
    >
      <span className="total">{t('engine.list.total', { total })}</span>
      <select
        className="page-size"
        aria-label={t('engine.list.pageSizeLabel')}
        value={size}
        onChange={(e) => onSize(Number(e.target.value))}
      >
        {choices.map((s) => (
          <option key={s} value={s}>
            {t('engine.list.pageSize', { size: s })}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="prev"
        aria-label={t('engine.list.prev')}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        ‹
      </button>
      {pagerPages(page, pageCount).map((n) => (
        <button
          type="button"
          key={n}
          className={n === page ? 'page current' : 'page'}
          aria-current={n === page ? 'page' : undefined}
          aria-label={t('engine.list.pageNumber', { page: n })}
          onClick={() => onPage(n)}
        >
          {n}
        </button>
      ))}
      <button
        type="button"
        className="next"
        aria-label={t('engine.list.next')}
        disabled={page >= pageCount}
        onClick={() => onPage(page + 1)}
      >
        ›
      </button>
    </nav>
  );
}
