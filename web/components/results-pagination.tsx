import { ChevronLeft, ChevronRight, MoreHorizontal } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/utils';
import { pageItems } from '@web/lib/pagination';

type ResultsPaginationProps = {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  className?: string;
};

/** 5 page links, first and last with ellipses, Previous/Next disabled at the ends. */
export function ResultsPagination({ page, pageCount, onPageChange, className }: ResultsPaginationProps) {
  if (pageCount <= 1) return null;
  const items = pageItems(page, pageCount);
  return (
    <nav aria-label="Pagination" className={cn('flex items-center justify-center', className)}>
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          <Button
            variant="ghost"
            size="sm"
            disabled={page <= 1}
            onClick={() => onPageChange(page - 1)}
            className="gap-1 pl-2"
          >
            <ChevronLeft aria-hidden />
            Previous
          </Button>
        </li>
        {items.map((item) =>
          item.type === 'ellipsis' ? (
            <li
              key={`ellipsis-${item.key}`}
              aria-hidden
              className="flex size-8 items-center justify-center text-muted-foreground"
            >
              <MoreHorizontal className="size-4" />
            </li>
          ) : (
            <li key={item.page}>
              <Button
                variant={item.page === page ? 'default' : 'ghost'}
                size="sm"
                aria-label={`Page ${item.page}`}
                aria-current={item.page === page ? 'page' : undefined}
                onClick={() => onPageChange(item.page)}
                className="min-w-8 px-2 tabular-nums"
              >
                {item.page.toLocaleString('en-US')}
              </Button>
            </li>
          ),
        )}
        <li>
          <Button
            variant="ghost"
            size="sm"
            disabled={page >= pageCount}
            onClick={() => onPageChange(page + 1)}
            className="gap-1 pr-2"
          >
            Next
            <ChevronRight aria-hidden />
          </Button>
        </li>
      </ul>
    </nav>
  );
}
