import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  caracasDate,
  fileTimestamp,
  formatAmount,
  IGTF_REPORT_AMOUNT_KEYS,
  IGTF_REPORT_COLUMNS,
  IGTF_REPORT_FILES,
  type IgtfReportAnswer,
  MONTHS,
} from '@sigece/fiscal';
import { useState } from 'react';
import { api } from '../../../app/api.ts';
import { notifyError } from '../../../app/notify.ts';
import { useCompanyOptions } from '../../catalog/api.ts';
import { saveBase64, XLSX_TYPE } from '../books/files.ts';

const BASE = '/v2/reportes';
type Reporte = IgtfReportAnswer['reporte'];

/**
 * /reportes/igtfPercibido: a company's fortnight of foreign-currency payments with the
 * IGTF perceived on each (Providencia SNAT/2022/000013), shown, and downloaded as PDF or spreadsheet.
 */
export default function IgtfReportPage() {
  const companies = useCompanyOptions();
  const today = caracasDate();
  const [company, setCompany] = useState('');
  const [anio, setAnio] = useState(today.slice(0, 4));
  const [mes, setMes] = useState(String(Number(today.slice(5, 7))));
  const [quincena, setQuincena] = useState(Number(today.slice(8, 10)) <= 15 ? '1' : '2');
  const [reporte, setReporte] = useState<Reporte | null>(null);
  const [busy, setBusy] = useState(false);
  const localidad = company || (companies.data?.length === 1 ? companies.data[0].id : '');
  const query = { id_localidad: localidad, anio, mes, quincena };

  const run = async (path: string, then: (r: Reporte) => void) => {
    setBusy(true);
    try {
      then((await api<IgtfReportAnswer>(`${BASE}/${path}`, { query })).reporte);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={2}>
      <Typography variant="h5">IGTF Percibido por Quincena</Typography>
      <Card>
        <CardContent>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <TextField
              select
              label="Razón Social"
              value={localidad}
              onChange={(e) => setCompany(e.target.value)}
              sx={{ minWidth: 240 }}
              data-testid="igtf-company"
            >
              {(companies.data ?? []).map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {c.nombre}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label="Año"
              value={anio}
              onChange={(e) => setAnio(e.target.value)}
              inputMode="numeric"
            />
            <TextField select label="Mes" value={mes} onChange={(e) => setMes(e.target.value)}>
              {MONTHS.map((m, i) => (
                <MenuItem key={m} value={String(i + 1)}>
                  {m}
                </MenuItem>
              ))}
            </TextField>
            <TextField select label="Quincena" value={quincena} onChange={(e) => setQuincena(e.target.value)}>
              <MenuItem value="1">1 (días 1 al 15)</MenuItem>
              <MenuItem value="2">2 (del 16 al fin de mes)</MenuItem>
            </TextField>
            <Button
              variant="contained"
              disabled={!localidad || busy}
              onClick={() => run('getIgtfPercibido', setReporte)}
            >
              Consultar
            </Button>
            <Button
              variant="outlined"
              disabled={!localidad || busy}
              onClick={() =>
                run(
                  'getIgtfPercibidoPdf',
                  (r) => r.reportePdf && saveBase64(r.reportePdf, IGTF_REPORT_FILES.pdf, 'application/pdf'),
                )
              }
            >
              PDF
            </Button>
            <Button
              variant="outlined"
              disabled={!localidad || busy}
              onClick={() =>
                run(
                  'getIgtfPercibidoExcel',
                  (r) =>
                    r.reporteExcel &&
                    saveBase64(r.reporteExcel, IGTF_REPORT_FILES.excel(fileTimestamp(new Date())), XLSX_TYPE),
                )
              }
            >
              Excel
            </Button>
          </Stack>
        </CardContent>
      </Card>
      {reporte && (
        <Card>
          <CardContent>
            <Typography variant="subtitle1" data-testid="igtf-total">
              {`${reporte.pagos} pagos · IGTF total Bs. ${formatAmount(reporte.totalIgtfBs)}`}
              {reporte.totalesPorDivisa.map((d) => ` · ${d.divisa} ${formatAmount(d.igtf)}`).join('')}
            </Typography>
            {reporte.filas && reporte.filas.length > 0 ? (
              <Table size="small">
                <TableHead>
                  <TableRow>
                    {IGTF_REPORT_COLUMNS.map((c) => (
                      <TableCell key={c.key} align={IGTF_REPORT_AMOUNT_KEYS.has(c.key) ? 'right' : 'left'}>
                        {c.titulo}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {reporte.filas.map((f) => (
                    <TableRow
                      key={`${f.nroControl}-${f.modoPago}-${f.divisa}-${f.montoPago}-${f.igtfDivisa}`}
                    >
                      {IGTF_REPORT_COLUMNS.map((c) => (
                        <TableCell key={c.key} align={IGTF_REPORT_AMOUNT_KEYS.has(c.key) ? 'right' : 'left'}>
                          {IGTF_REPORT_AMOUNT_KEYS.has(c.key) ? formatAmount(f[c.key]) : f[c.key]}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            ) : (
              <Typography color="text.secondary">
                No hay pagos en divisas con IGTF en esta quincena
              </Typography>
            )}
          </CardContent>
        </Card>
      )}
    </Stack>
  );
}
