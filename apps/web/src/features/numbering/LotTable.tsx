import './register.ts';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { lotControlRange, NUMBERING_MESSAGES } from '@sigece/fiscal';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../app/i18n.ts';
import type { BranchLot, ControlBlocks, ControlFamily, ControlLotSummary } from './api.ts';

/** One row of a control-number table: a company lot or a branch lot. */
export interface LotRow {
  id: string;
  status: string;
  tipo?: string;
  asignadas: number;
  actual: number;
  desde: number;
  hasta: number;
  disponibles: number;
  serie: string;
}

export const companyLotRow = (lot: ControlLotSummary): LotRow => ({
  id: lot.id,
  status: lot.logEstatusRegistro,
  tipo: lot.tipo,
  asignadas: lot.asignadas,
  actual: lot.nroControlActual,
  desde: lot.nroControlDesde,
  hasta: lot.nroControlHasta,
  disponibles: lot.disponibles,
  serie: lot.serie,
});

export const branchLotRow = (lot: BranchLot): LotRow => ({
  id: lot.id,
  status: lot.logEstatusRegistro,
  asignadas: lot.cantidadFacturas,
  actual: lot.nroControlActual,
  desde: lot.nroControlDesde,
  hasta: lot.nroControlHasta,
  disponibles: lot.disponibles,
  serie: lot.serie,
});

const STATUS_COLOR: Record<string, 'success' | 'warning' | 'default'> = {
  ACTIVO: 'success',
  ENCOLA: 'warning',
};

/**
 * Status, Asignadas, Actual, Desde, Hasta, Disp., Serie (spec 000 §2 company detail); Desde and Hasta are
 * the first and last control numbers the lot hands out, as the PDF foot prints them.
 */
export function LotTable({ title, rows, empty }: { title: string; rows: LotRow[]; empty: string }) {
  const { t } = useTranslation('numbering');
  const titleId = useId();
  return (
    <Stack spacing={0.5}>
      <Typography id={titleId} variant="subtitle2" component="h3">
        {title}
      </Typography>
      {rows.length === 0 ? (
        <Alert severity="warning" variant="outlined" role="status">
          {empty}
        </Alert>
      ) : (
        <TableContainer>
          <Table size="small" aria-labelledby={titleId}>
            <TableHead>
              <TableRow>
                <TableCell>{t('columns.status')}</TableCell>
                <TableCell align="right">{t('columns.asignadas')}</TableCell>
                <TableCell align="right">{t('columns.actual')}</TableCell>
                <TableCell align="right">{t('columns.desde')}</TableCell>
                <TableCell align="right">{t('columns.hasta')}</TableCell>
                <TableCell align="right">{t('columns.disponibles')}</TableCell>
                <TableCell>{t('columns.serie')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows
                .map((row) => ({ row, range: lotControlRange(row) }))
                .map(({ row, range }) => (
                  <TableRow key={row.id} sx={row.status === 'AGOTADO' ? { opacity: 0.6 } : undefined}>
                    <TableCell>
                      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                        <Chip
                          size="small"
                          variant="outlined"
                          color={STATUS_COLOR[row.status] ?? 'default'}
                          label={t(`lotStatus.${row.status}`, { defaultValue: row.status })}
                        />
                        {row.tipo && (
                          <Typography variant="caption" color="text.secondary">
                            {t(`lotTypes.${row.tipo}`, { defaultValue: row.tipo })}
                          </Typography>
                        )}
                      </Stack>
                    </TableCell>
                    <TableCell align="right">{row.asignadas}</TableCell>
                    <TableCell align="right">{row.actual}</TableCell>
                    <TableCell align="right">{range.desde}</TableCell>
                    <TableCell align="right">{range.hasta}</TableCell>
                    <TableCell align="right">{row.disponibles}</TableCell>
                    <TableCell>{row.serie}</TableCell>
                  </TableRow>
                ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}

const EMPTY: Record<ControlFamily, string> = {
  FACTURA: NUMBERING_MESSAGES.noInvoiceLot,
  ORDEN: NUMBERING_MESSAGES.noOrderLot,
  RETENCION: NUMBERING_MESSAGES.noWithholdingLot,
};

/** The company detail's three blocks: invoices, orders/guides, withholdings, each with its banner. */
export function ControlBlocksView({ blocks }: { blocks: ControlBlocks }) {
  const { t } = useTranslation('numbering');
  const families: Array<[ControlFamily, ControlLotSummary[]]> = [
    ['FACTURA', blocks.facturas],
    ['ORDEN', blocks.ordenes],
    ['RETENCION', blocks.retenciones],
  ];
  return (
    <Stack spacing={2}>
      {families.map(([family, lots]) => (
        <LotTable
          key={family}
          title={t(`blocks.${family}`)}
          rows={lots.map(companyLotRow)}
          empty={translateMessage(EMPTY[family])}
        />
      ))}
    </Stack>
  );
}
