import { useState } from 'react';
import { ChevronDown, Download, FileSpreadsheet, FileText, Loader2, Sheet } from 'lucide-react';
import { toast } from 'sonner';
import { EXPORT_FORMAT_LABEL, type ExportFormat } from '@contract/exports';
import { useCan, useMe } from '@web/app/session';
import { Button } from '@web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { SubscriptionGate } from '@web/components/subscription-gate';
import { isApiError } from '@web/lib/api';
import { pluralize } from '@web/lib/utils';
import { useExportPhysicians } from './api';

const FORMAT_ICON: Record<ExportFormat, typeof FileText> = {
  csv: FileText,
  xlsx: FileSpreadsheet,
  pdf: Sheet,
};
const FORMAT_HINT: Record<ExportFormat, string> = {
  csv: 'Spreadsheet-ready text (.csv)',
  xlsx: 'Excel workbook (.xlsx)',
  pdf: 'Printable table (.pdf)',
};

type ExportMenuProps = {
  /** The selected physicians; with `listId`, the selected members of that list. */
  physicianIds: number[];
  /** List detail: export from this list. */
  listId?: string;
  /** 'Export Selected (3)' on the search page, 'Export' on list detail. */
  label: string;
  size?: 'sm' | 'default';
  variant?: 'default' | 'outline' | 'secondary';
  className?: string;
};

/**
 * Export Selected (document 2, sections 4 and 8): a menu of CSV, Excel and PDF. Signed out:
 * 'Authentication Required'; without the Annual Plan: the subscription gate; nothing selected:
 * 'Selection Required'. The browser downloads the file the server names
 * ('physicians-2026-11-23.csv'), then 'Export Successful'.
 */
export function ExportMenu({
  physicianIds,
  listId,
  label,
  size = 'sm',
  variant = 'default',
  className,
}: ExportMenuProps) {
  const me = useMe();
  const canExport = useCan('exports:create');
  const [menuOpen, setMenuOpen] = useState(false);
  const [gateOpen, setGateOpen] = useState(false);
  const exporter = useExportPhysicians();

  // Opening the menu runs the spec's checks first; the menu opens only when an export can start.
  const onOpenChange = (open: boolean) => {
    if (!open) return setMenuOpen(false);
    if (!me.isSignedIn) {
      toast.error('Authentication Required', { description: 'Please log in to export physicians' });
      return;
    }
    if (!canExport) return setGateOpen(true);
    if (physicianIds.length === 0) {
      toast.error('Selection Required', { description: 'Please select at least one physician to export.' });
      return;
    }
    setMenuOpen(true);
  };

  const run = (format: ExportFormat) => {
    exporter.mutate(
      { physicianIds, listId, format },
      {
        onSuccess: ({ count }) =>
          toast.success('Export Successful', {
            description: `Exported ${pluralize(count, 'physician record')}`,
          }),
        onError: (error) =>
          toast.error('Export Failed', {
            description:
              isApiError(error) && error.message ? error.message : 'Failed to generate export data',
          }),
      },
    );
  };

  return (
    <>
      <DropdownMenu open={menuOpen} onOpenChange={onOpenChange}>
        <DropdownMenuTrigger asChild>
          <Button size={size} variant={variant} className={className} disabled={exporter.isPending}>
            {exporter.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Download aria-hidden />}
            {exporter.isPending ? 'Exporting...' : label}
            {!exporter.isPending && <ChevronDown className="opacity-70" aria-hidden />}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-60">
          <DropdownMenuLabel>Export {pluralize(physicianIds.length, 'physician')} as</DropdownMenuLabel>
          <DropdownMenuSeparator />
          {(['csv', 'xlsx', 'pdf'] as const).map((format) => {
            const Icon = FORMAT_ICON[format];
            return (
              <DropdownMenuItem key={format} onSelect={() => run(format)}>
                <Icon aria-hidden />
                <span className="flex flex-col">
                  <span>{EXPORT_FORMAT_LABEL[format]}</span>
                  <span className="text-xs text-muted-foreground">{FORMAT_HINT[format]}</span>
                </span>
              </DropdownMenuItem>
            );
          })}
        </DropdownMenuContent>
      </DropdownMenu>
      <SubscriptionGate open={gateOpen} onOpenChange={setGateOpen} requiredTier="premium" />
    </>
  );
}
