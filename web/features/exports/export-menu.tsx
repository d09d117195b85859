import { useState } from 'react';
import { ChevronDown, Download, FileSpreadsheet, FileText, Loader2, Sheet } from 'lucide-react';
import { toast } from '@web/components/ui/toast';
import { EXPORT_FORMAT_LABEL, type ExportFormat } from '@contract/exports';
import { useGoToLogin } from '@web/app/login-link';
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
import { useGuaranteeWarning } from '@web/features/billing/guarantee-warning';
import { isApiError } from '@web/lib/api';
import { pluralize } from '@web/lib/utils';
import { useExportPhysicians } from './api';

const FORMAT_ICON: Record<ExportFormat, typeof FileText> = {
  csv: FileText,
  xlsx: FileSpreadsheet,
  pdf: Sheet,
};
/** What each file is for (ADR 053): CSV and Excel for an ATS import, the PDF for reading. */
const FORMAT_HINT: Record<ExportFormat, string> = {
  csv: 'For your ATS: one field a column (.csv)',
  xlsx: 'Excel workbook, the same columns (.xlsx)',
  pdf: 'To read or print: the key columns (.pdf)',
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
 * What Export Selected needs, shared by this menu and the search page's phone Actions menu:
 * `check()` runs the spec's checks (signed out: 'Authentication Required'; without the Annual
 * Plan: the subscription gate; nothing selected: 'Selection Required') and says whether an
 * export may start; `run` exports, once the user has agreed to end a running money-back
 * guarantee (useGuaranteeWarning); `gate` holds the dialogs to render once.
 */
export function useExportSelected({ physicianIds, listId }: { physicianIds: number[]; listId?: string }) {
  const me = useMe();
  const canExport = useCan('exports:create');
  const [gateOpen, setGateOpen] = useState(false);
  const exporter = useExportPhysicians();
  const guarantee = useGuaranteeWarning();
  const goToLogin = useGoToLogin();

  const check = (): boolean => {
    if (!me.isSignedIn) {
      toast.error('Authentication Required', {
        description: 'Please log in to export physicians',
        action: { label: 'Log in', onClick: goToLogin },
      });
      return false;
    }
    if (!canExport) {
      setGateOpen(true);
      return false;
    }
    if (physicianIds.length === 0) {
      toast.error('Selection Required', { description: 'Please select at least one physician to export.' });
      return false;
    }
    return true;
  };

  const exportNow = (format: ExportFormat) => {
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

  const run = (format: ExportFormat) => void guarantee.confirm(() => exportNow(format));

  const gate = (
    <>
      <SubscriptionGate open={gateOpen} onOpenChange={setGateOpen} requiredTier="premium" />
      {guarantee.dialog}
    </>
  );
  return { check, run, isPending: exporter.isPending || guarantee.checking, gate };
}

/** The three formats as menu items (this menu, or a submenu elsewhere). */
export function ExportFormatItems({ onExport }: { onExport: (format: ExportFormat) => void }) {
  return (['csv', 'xlsx', 'pdf'] as const).map((format) => {
    const Icon = FORMAT_ICON[format];
    return (
      <DropdownMenuItem key={format} onSelect={() => onExport(format)}>
        <Icon aria-hidden />
        <span className="flex flex-col">
          <span>{EXPORT_FORMAT_LABEL[format]}</span>
          <span className="text-xs text-muted-foreground">{FORMAT_HINT[format]}</span>
        </span>
      </DropdownMenuItem>
    );
  });
}

/**
 * Export Selected (docs/rules.md#exports): a menu of CSV, Excel and PDF, opened only when
 * an export can start (useExportSelected's checks). The browser downloads the file the server
 * names ('physicians-2026-11-23.csv'), then 'Export Successful'.
 */
export function ExportMenu({
  physicianIds,
  listId,
  label,
  size = 'sm',
  variant = 'default',
  className,
}: ExportMenuProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const exporter = useExportSelected({ physicianIds, listId });

  const onOpenChange = (open: boolean) => {
    if (!open) return setMenuOpen(false);
    if (exporter.check()) setMenuOpen(true);
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
          <ExportFormatItems onExport={exporter.run} />
        </DropdownMenuContent>
      </DropdownMenu>
      {exporter.gate}
    </>
  );
}
