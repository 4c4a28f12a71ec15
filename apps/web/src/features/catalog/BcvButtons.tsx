import CloudDownloadOutlined from '@mui/icons-material/CloudDownloadOutlined';
import SyncOutlined from '@mui/icons-material/SyncOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../app/i18n.ts';
import { notifySuccess } from '../../app/notify.ts';
import { useCanWriteScreen } from '../../app/permissions.ts';
import { isoDay } from '../../components/format.ts';
import { type BcvRate, readBcv, storeBcv } from './api.ts';
import { NS, RateText } from './common.tsx';

/**
 * Read the central bank's official rates (GetDivisasBcv, shown in a dialog) and store them as the day's
 * rates (DivisasActualizar). Failures are toasted by the global handler.
 */
export function BcvButtons({ invalidate }: { invalidate: ReadonlyArray<readonly unknown[]> }) {
  const { t } = useTranslation(NS);
  // Storing the day's rates changes shared data: the master administrator's only.
  const canStore = useCanWriteScreen();
  const queryClient = useQueryClient();
  const titleId = useId();
  const [rates, setRates] = useState<BcvRate[] | null>(null);

  const read = useMutation({
    mutationFn: readBcv,
    onSuccess: (answer) => setRates(answer.result),
  });
  const store = useMutation({
    mutationFn: storeBcv,
    onSuccess: (answer) => {
      notifySuccess(`${translateMessage(answer.message)}: ${answer.result.map((r) => r.iso).join(', ')}`);
      for (const key of invalidate) void queryClient.invalidateQueries({ queryKey: key });
      setRates(null);
    },
  });

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<CloudDownloadOutlined />}
        loading={read.isPending}
        onClick={() => read.mutate()}
      >
        {t('tasas.readBcv')}
      </Button>
      {canStore && (
        <Button
          variant="outlined"
          startIcon={<SyncOutlined />}
          loading={store.isPending && rates === null}
          onClick={() => store.mutate()}
        >
          {t('tasas.storeBcv')}
        </Button>
      )}
      <Dialog
        open={rates !== null}
        onClose={store.isPending ? undefined : () => setRates(null)}
        aria-labelledby={titleId}
        maxWidth="xs"
        fullWidth
      >
        <DialogTitle id={titleId}>{t('tasas.bcvTitle')}</DialogTitle>
        <DialogContent dividers>
          <DialogContentText variant="body2" sx={{ mb: 1 }}>
            {rates?.length ? t('tasas.bcvHint') : t('tasas.bcvEmpty')}
          </DialogContentText>
          {!!rates?.length && (
            <Table size="small" aria-label={t('tasas.bcvTitle')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('tasas.columns.iso')}</TableCell>
                  <TableCell>{t('tasas.columns.fecha')}</TableCell>
                  <TableCell align="right">{t('tasas.columns.valor')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rates.map((r) => (
                  <TableRow key={r.iso}>
                    <TableCell>{r.iso}</TableCell>
                    <TableCell>{isoDay(r.fecha)}</TableCell>
                    <TableCell align="right">
                      <RateText value={r.valor} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRates(null)} disabled={store.isPending}>
            {t('common.close')}
          </Button>
          {canStore && !!rates?.length && (
            <Button variant="contained" loading={store.isPending} onClick={() => store.mutate()}>
              {t('tasas.store')}
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}
