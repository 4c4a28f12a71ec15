import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { caracasDate } from '@sigece/fiscal';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type InvoiceCompany, useInvoiceCompanies } from '../invoices/api.ts';
import { type DeclarationFile, downloadDeclaration } from './api.ts';
import { NS } from './register.ts';

/**
 * The period's declaration files (issue 9 §6): for one company and one month, the IVA withholdings TXT
 * and the ISLR withholdings XML the SENIAT portal imports, annulled vouchers left out by the server.
 */
export function DeclarationFilesDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(NS);
  const titleId = useId();
  const companies = useInvoiceCompanies();
  const [company, setCompany] = useState<InvoiceCompany | null>(null);
  const [periodo, setPeriodo] = useState(() => caracasDate().slice(0, 7));
  const ready = Boolean(company && /^\d{4}-\d{2}$/.test(periodo));
  const fetchFile = useMutation({
    mutationFn: (kind: DeclarationFile) =>
      company ? downloadDeclaration(kind, company.id, company.rif, periodo) : Promise.resolve(),
  });
  const busy = (kind: DeclarationFile) => fetchFile.isPending && fetchFile.variables === kind;

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('files.title')}</DialogTitle>
      <DialogContent dividers>
        <DialogContentText sx={{ mb: 2 }}>{t('files.intro')}</DialogContentText>
        <Stack spacing={2}>
          <Autocomplete<InvoiceCompany>
            options={companies.data ?? []}
            value={company}
            loading={companies.isPending}
            onChange={(_, c) => setCompany(c)}
            getOptionLabel={(c) => `${c.nombre} (${c.rif})`}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            noOptionsText={t('new.noCompanies')}
            renderInput={(params) => <TextField {...params} label={t('files.localidad')} required />}
          />
          <TextField
            type="month"
            label={t('files.periodo')}
            value={periodo}
            required
            onChange={(e) => setPeriodo(e.target.value)}
            helperText={ready ? undefined : t('files.required')}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('app:actions.close')}</Button>
        <Button
          startIcon={<FileDownloadOutlined />}
          disabled={!ready || fetchFile.isPending}
          loading={busy('txt')}
          onClick={() => fetchFile.mutate('txt')}
        >
          {t('files.txt')}
        </Button>
        <Button
          startIcon={<FileDownloadOutlined />}
          disabled={!ready || fetchFile.isPending}
          loading={busy('xml')}
          onClick={() => fetchFile.mutate('xml')}
        >
          {t('files.xml')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
