import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../app/i18n.ts';
import { notifySuccess } from '../../app/notify.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { type CreateAnswer, createWithholdingsBulk } from './api.ts';
import { NS } from './register.ts';

/** Files larger than this are refused before reading (a month of vouchers is far below it). */
const MAX_FILE_BYTES = 5_000_000;

/**
 * The bulk-generation dialog (spec 002 §2.2, §7 createRetencionMasivaExcel): a file with the list of
 * vouchers as the ERP sends them; the server judges each one and the dialog lists what failed.
 */
export function BulkGenerationDialog({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation(NS);
  const [vouchers, setVouchers] = useState<unknown[] | null>(null);
  const [invalid, setInvalid] = useState(false);
  const [answer, setAnswer] = useState<CreateAnswer | null>(null);
  const send = useMutation({
    mutationFn: (body: unknown[]) => createWithholdingsBulk(body),
    onSuccess: (result) => {
      setAnswer(result);
      if (result.TotalRentecionIvaProcedas > 0) {
        notifySuccess(translateMessage('Retencion Creada con Exito'));
        onDone();
      }
    },
  });

  const read = async (file: File | undefined) => {
    setVouchers(null);
    setAnswer(null);
    setInvalid(false);
    if (!file) return;
    try {
      if (file.size > MAX_FILE_BYTES) throw new Error('too large');
      const parsed: unknown = JSON.parse(await file.text());
      if (!Array.isArray(parsed) || parsed.length === 0) throw new Error('not a list');
      setVouchers(parsed);
    } catch {
      setInvalid(true);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (vouchers) send.mutate(vouchers);
  };
  const errors = answer?.DetalleErrorRetencionesIva ?? [];

  return (
    <FormDialog
      title={t('bulk.title')}
      onSubmit={onSubmit}
      onClose={onClose}
      submitting={send.isPending}
      submitDisabled={!vouchers}
      submitLabel={t('bulk.send')}
    >
      <Stack spacing={2}>
        <Typography variant="body2">{t('bulk.intro')}</Typography>
        <Button component="label" variant="outlined" startIcon={<UploadFileOutlined />}>
          {t('bulk.choose')}
          <input
            hidden
            type="file"
            accept="application/json,.json"
            aria-label={t('bulk.file')}
            onChange={(e) => void read(e.target.files?.[0])}
          />
        </Button>
        {vouchers && <Typography>{t('bulk.count', { count: vouchers.length })}</Typography>}
        {invalid && <Alert severity="error">{t('bulk.invalid')}</Alert>}
        {answer && (
          <Alert severity={errors.length > 0 ? 'warning' : 'success'}>
            {t('bulk.result', {
              ok: answer.DetalleretencionesProcesadas?.length ?? 0,
              errors: answer.TotalRetencionIvaconError,
            })}
            {errors.length > 0 && (
              <List dense disablePadding>
                {errors.map((e, i) => (
                  // The server's messages carry no key; their order is the file's.
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  <ListItem key={i} disableGutters>
                    {translateMessage(e.msg)}
                  </ListItem>
                ))}
              </List>
            )}
          </Alert>
        )}
      </Stack>
    </FormDialog>
  );
}
