import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type TotalSection, TotalsCard } from '../../documents/index.ts';
import { BookPreview } from './BookPreview.tsx';

/**
 * What the sales and purchase books' screens share: the title, the generator card (period fields, PDF and
 * spreadsheet buttons, a progress bar while generating), the summary card (or its empty state) and the
 * inline PDF. `ns` is the book's i18n namespace; each book passes its own fields, summary and extras.
 */
export function BookScreen(props: {
  ns: string;
  fields: ReactNode;
  ready: boolean;
  busy: boolean;
  onPdf: () => void;
  onExcel: () => void;
  /** Buttons after PDF and spreadsheet (the sales book's extended spreadsheet). */
  extraActions?: ReactNode;
  /** The summary card's sections, or null before the first book. */
  sections: TotalSection[] | null;
  pdf: string | null;
  pdfFileName: string;
  testId: string;
  /** Dialogs of the book's own. */
  children?: ReactNode;
}) {
  const { t } = useTranslation(props.ns);
  const disabled = !props.ready || props.busy;
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {t('title')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('generator')}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
          {t('generator')}
        </Typography>
        <Grid container spacing={2}>
          {props.fields}
        </Grid>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
          <Button variant="contained" disabled={disabled} onClick={props.onPdf}>
            {t('pdf')}
          </Button>
          <Button variant="outlined" disabled={disabled} onClick={props.onExcel}>
            {t('excel')}
          </Button>
          {props.extraActions}
        </Stack>
        {props.busy && <LinearProgress sx={{ mt: 2 }} aria-label={t('generating')} />}
      </Paper>

      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 4 }}>
          {props.sections ? (
            <TotalsCard title={t('summary')} sections={props.sections} />
          ) : (
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                {t('summary')}
              </Typography>
              <Typography color="text.secondary">{t('noSummary')}</Typography>
            </Paper>
          )}
        </Grid>
        <Grid size={{ xs: 12, lg: 8 }}>
          {props.pdf && (
            <BookPreview
              pdf={props.pdf}
              fileName={props.pdfFileName}
              testId={props.testId}
              labels={{
                preview: t('preview'),
                frameTitle: t('frameTitle'),
                tooLarge: t('tooLarge'),
                download: t('download'),
              }}
            />
          )}
        </Grid>
      </Grid>
      {props.children}
    </Stack>
  );
}
