import './register.ts';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import {
  NOTE_CATEGORIES,
  NOTE_MESSAGES,
  type NoteCategoryCode,
  type NoteType,
  totalsInBs,
} from '@sigece/fiscal';
import { useMutation, useQuery } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { translateMessage } from '../../app/i18n.ts';
import { notifySuccess } from '../../app/notify.ts';
import { DocumentPageHeader, TotalsCard } from '../documents/index.ts';
import { type InvoiceRow, invoiceDetail } from '../invoices/api.ts';
import { addNote, invoiceBalance } from './api.ts';
import { NoteDataCard } from './NoteDataCard.tsx';
import { NoteLinesCard } from './NoteLinesCard.tsx';
import { NOTES_PATH } from './NotesPage.tsx';
import {
  atIssue,
  draftNote,
  emptyHead,
  figuresOf,
  invoiceLineRefs,
  type Marks,
  NOTHING_TAKEN,
  type NoteHead,
  notePayload,
  ZERO_FIGURES,
} from './noteDraft.ts';
import { type Figures, noteTotalsRows } from './noteView.tsx';

const usable = (i: { facturaGenerada: string; logEstatusRegistro: string }) =>
  i.facturaGenerada === 'true' && i.logEstatusRegistro === 'ACTIVO';

/**
 * /facturacion/generales/notas/nota (spec 001 §2.3, §4.3, §4.4, §5.5): a credit or debit note on an
 * active, generated invoice (chosen here or from the invoice list's 'Crear Nota', `?factura=<id>`), its
 * returned quantities or new prices, and the totals computed by the same functions as the server's.
 */
export default function NewNotePage() {
  const { t } = useTranslation('notes');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const facturaId = params.get('factura') ?? '';
  const [head, setHead] = useState<NoteHead>(emptyHead);
  const patch = (next: Partial<NoteHead>) => setHead((h) => ({ ...h, ...next }));
  const [marks, setMarks] = useState<Marks>({});
  const [error, setError] = useState('');
  const { tipo } = head;

  const invoice = useQuery({
    queryKey: ['notes', 'invoice', facturaId],
    queryFn: ({ signal }) => invoiceDetail(facturaId, signal),
    select: (answer) => answer.result,
    enabled: Boolean(facturaId),
  });
  const f = invoice.data && usable(invoice.data) ? invoice.data : null;
  const balance = useQuery({
    queryKey: ['notes', 'balance', facturaId],
    queryFn: ({ signal }) => invoiceBalance(facturaId, signal),
    select: (answer) => answer.result,
    enabled: Boolean(f),
  });
  const taken = balance.data ?? NOTHING_TAKEN;
  const refs = useMemo(() => (f ? invoiceLineRefs(f) : []), [f]);
  const draft = useMemo(
    () => (tipo ? draftNote(tipo, refs, marks, taken, f?.importeTotal) : null),
    [tipo, refs, marks, taken, f],
  );
  const noteFigures = draft?.priced ? figuresOf(draft.priced.totals) : ZERO_FIGURES;
  const currency = f?.facturaDivisa ?? 'VEF';

  const pick = (row: InvoiceRow | null) => {
    setMarks({});
    setError('');
    if (row && !usable(row)) {
      enqueueSnackbar(translateMessage(NOTE_MESSAGES.invoiceNotUsable), { variant: 'error' });
      return;
    }
    setParams(row ? { factura: row.id } : {}, { replace: true });
  };
  const chooseType = (next: NoteType) => {
    patch({ tipo: next, categoria: '', concepto: '' });
    setMarks({});
  };
  // §4.3: choosing a category copies its label into the concept.
  const chooseCategory = (next: NoteCategoryCode) =>
    patch({ categoria: next, concepto: tipo ? NOTE_CATEGORIES[tipo][next] : '' });

  const save = useMutation({
    mutationFn: () => {
      if (!f || !draft) throw new Error('incomplete');
      return addNote(notePayload(f, head, draft));
    },
    onSuccess: (answer) => {
      notifySuccess(translateMessage(answer.message));
      navigate(NOTES_PATH);
    },
  });

  const submit = () => {
    setError('');
    if (!draft || draft.marked.length === 0) {
      setError(translateMessage(NOTE_MESSAGES.noLines));
      return;
    }
    save.mutate();
  };
  const problems = draft ? Object.keys(draft.problems).length > 0 || draft.overall !== null : false;
  const ready = Boolean(f && tipo && head.categoria && head.nroNota.trim()) && !problems;
  const noteLabel = tipo === 'Debito' ? t('new.noteDebit') : t('new.noteCredit');
  const invoiceFigures: Figures | null = f;

  return (
    <Box component="section" aria-labelledby="new-note-title">
      <DocumentPageHeader
        id="new-note-title"
        title={t('new.title')}
        backTo={NOTES_PATH}
        backLabel={t('new.backToList')}
      />

      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <Stack spacing={2}>
            <NoteDataCard
              invoice={invoice.data}
              usableInvoice={Boolean(f)}
              onPick={pick}
              head={head}
              patch={patch}
              onType={chooseType}
              onCategory={chooseCategory}
            />
            {f && !head.tipo && <Alert severity="info">{t('new.chooseType')}</Alert>}
            {f && head.tipo && draft && (
              <NoteLinesCard
                tipo={head.tipo}
                refs={refs}
                marks={marks}
                onMark={(posicion, value) => setMarks((m) => ({ ...m, [posicion]: value }))}
                draft={draft}
                taken={taken}
                currency={currency}
              />
            )}
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          {invoiceFigures && tipo && (
            <TotalsCard
              title={t('new.totals')}
              sections={[
                {
                  title: t('new.invoiceTotals'),
                  rows: noteTotalsRows(t, invoiceFigures, currency, 'invoice'),
                },
                {
                  title: t('new.atIssue'),
                  rows: noteTotalsRows(t, atIssue(invoiceFigures, noteFigures, tipo), currency, 'atIssue'),
                },
                {
                  title: noteLabel,
                  tone: 'success',
                  rows: noteTotalsRows(t, noteFigures, currency, 'note', noteLabel),
                },
                // A foreign-currency note also in Bs., at the invoice's rate.
                ...(currency !== 'VEF' && f?.cambioDivisa && draft?.priced
                  ? [
                      {
                        title: t('new.inBs'),
                        rows: noteTotalsRows(
                          t,
                          figuresOf(totalsInBs(draft.priced.totals, f.cambioDivisa)),
                          'VEF',
                          'noteBs',
                          noteLabel,
                        ),
                      },
                    ]
                  : []),
              ]}
            >
              {draft?.overall && (
                <Alert severity="error" sx={{ mt: 2 }}>
                  {translateMessage(draft.overall)}
                </Alert>
              )}
              {error && (
                <Alert severity="error" sx={{ mt: 2 }}>
                  Error: {error}
                </Alert>
              )}
              <Button
                fullWidth
                variant="contained"
                sx={{ mt: 2 }}
                startIcon={<SaveOutlined />}
                disabled={!ready}
                loading={save.isPending}
                onClick={submit}
              >
                {t('new.save')}
              </Button>
            </TotalsCard>
          )}
        </Grid>
      </Grid>
    </Box>
  );
}
