import './register.ts';
import SendOutlined from '@mui/icons-material/SendOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { dec, money, plainWithholdingMessage, withholdingPrefillSchema } from '@sigece/fiscal';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { fetchAllPages } from '../../app/api.ts';
import { translateMessage } from '../../app/i18n.ts';
import { notifySuccess } from '../../app/notify.ts';
import { formatMoney } from '../../components/format.ts';
import { type ConceptoIslr, fetchIslr, islrKey } from '../catalog/api.ts';
import { DocumentPageHeader, SectionCard } from '../documents/index.ts';
import { useInvoiceCompanies } from '../invoices/api.ts';
import { createWithholdings, withholdingsKey } from './api.ts';
import { IslrLineForm } from './IslrLineForm.tsx';
import { IvaLineForm } from './IvaLineForm.tsx';
import { NS } from './register.ts';
import { WithholdingHeaderCard } from './WithholdingHeaderCard.tsx';
import { WithholdingLinesCard } from './WithholdingLinesCard.tsx';
import { WITHHOLDINGS_PATH } from './WithholdingsPage.tsx';
import {
  type DraftLine,
  emptyHeader,
  fromPrefill,
  type HeaderValues,
  type IslrLineValues,
  lineKey,
  loadDraft,
  saveDraft,
  totalWithheld,
  voucherPayload,
} from './withholdingDraft.ts';

/**
 * The withholding base of the draft's Tarifa N° 2 lines: the server counts them before the next one,
 * as the save does (each line on top of the previous ones).
 */
function tarifa2Base(lines: ReadonlyArray<DraftLine>, concepts: ReadonlyArray<ConceptoIslr>): string {
  let sum = dec(0);
  for (const l of lines) {
    if (l.kind !== 'ISLR') continue;
    const c = concepts.find((x) => x.Codigo === l.values.conceptoIslr);
    // The withholding base: payment × the concept's taxable percent (Decreto 1.808, as islrWithheld).
    if (c?.Tarifa2)
      sum = sum.plus(
        dec(l.values.baseImponible || 0)
          .times(c.BaseImponible)
          .div(100),
      );
  }
  return money(sum);
}

/**
 * /retenciones/iva-islr/Agregar (spec 002 §2.3, §4, §5): step 1 the header ('Siguiente', then
 * 'Actualizar'), step 2 the IVA or ISLR line form and the table of added lines, and the send button,
 * enabled only with the header done, at least one line and no send in flight. On success the form
 * resets, the step returns to 1, the list reloads and the draft is cleared. Router state `prefill`
 * (a purchase invoice, packages/fiscal withholdings/prefill.ts) fills the header and the lines.
 */
export default function NewWithholdingPage() {
  const { t, i18n } = useTranslation(NS);
  const location = useLocation();
  const queryClient = useQueryClient();
  const companies = useInvoiceCompanies();
  const [stored] = useState(loadDraft);
  const [header, setHeader] = useState<HeaderValues>(() => stored?.header ?? emptyHeader());
  const [done, setDone] = useState(stored?.done ?? false);
  const [lines, setLines] = useState<DraftLine[]>(stored?.lines ?? []);
  useEffect(() => saveDraft({ header, done, lines }), [header, done, lines]);
  const [islrInitial, setIslrInitial] = useState<IslrLineValues | null>(null);
  const [prefillDoc, setPrefillDoc] = useState<{ nro: string; id: number } | null>(null);

  // The purchase list's hand-over, applied once the companies are known (the agent is one of them).
  const prefill = useMemo(() => {
    const parsed = withholdingPrefillSchema.safeParse(
      (location.state as { prefill?: unknown } | null)?.prefill,
    );
    return parsed.success ? parsed.data : null;
  }, [location.state]);
  useEffect(() => {
    if (!prefill || !companies.data) return;
    const draft = fromPrefill(
      prefill,
      companies.data.map((c) => c.id),
    );
    setHeader(draft.header);
    setLines(draft.lines);
    setIslrInitial(draft.islrLine);
    setDone(false);
    setPrefillDoc({ nro: prefill.documento.nroFactura, id: prefill.facturaCompraId });
  }, [prefill, companies.data]);

  const agent = companies.data?.find((c) => c.id === header.id_localidad);
  const kind = header.modeloRetencion || null;
  const language = i18n.language === 'en' ? 'en' : 'es';
  // The ISLR concepts (shared cache with the line form): Tarifa N° 2 lines accumulate in the draft.
  const concepts = useQuery({
    queryKey: [...islrKey, 'all'],
    queryFn: ({ signal }) =>
      fetchAllPages((page, limit) => fetchIslr({ page, limit, search: '' }, signal), 100),
    staleTime: 300_000,
    enabled: kind === 'ISLR',
  });

  const submitHeader = (values: HeaderValues) => {
    // Another type means other line forms: the lines of the former one cannot be sent.
    if (values.modeloRetencion !== header.modeloRetencion) setLines([]);
    setHeader(values);
    setDone(true);
  };

  const send = useMutation({
    mutationFn: () => createWithholdings([voucherPayload(header, agent?.rif ?? '', lines, prefillDoc?.id)]),
    onSuccess: (answer) => {
      const errors = answer.DetalleErrorRetencionesIva ?? [];
      if (answer.TotalRetencionIvaconError > 0 || errors.length > 0) {
        // The server names lines and fields as the wire does: told in the page's words (item 5).
        for (const e of errors)
          enqueueSnackbar(plainWithholdingMessage(translateMessage(e.msg), language), { variant: 'error' });
        return;
      }
      const created = answer.DetalleretencionesProcesadas[0];
      notifySuccess(
        `${translateMessage(created?.msg ?? 'Retencion Creada con Exito')} · ${t('new.created', {
          nro: created?.nroComprobante ?? '',
          control: created?.NroControlComprobante ?? '',
        })}`,
      );
      saveDraft(null);
      setHeader(emptyHeader());
      setLines([]);
      setIslrInitial(null);
      setPrefillDoc(null);
      setDone(false);
      void queryClient.invalidateQueries({ queryKey: withholdingsKey });
    },
  });

  const ready = done && agent !== undefined && lines.length > 0 && !send.isPending;
  const ivaLines = lines.flatMap((l) => (l.kind === 'IVA' ? [l.values] : []));

  return (
    <Box component="section" aria-labelledby="new-withholding-title">
      <DocumentPageHeader
        id="new-withholding-title"
        title={t('new.title')}
        backTo={WITHHOLDINGS_PATH}
        backLabel={t('new.backToList')}
      />
      <Stepper activeStep={done ? 1 : 0} sx={{ mb: 2 }}>
        <Step completed={done}>
          <StepLabel>{t('new.step1')}</StepLabel>
        </Step>
        <Step>
          <StepLabel>{t('new.step2')}</StepLabel>
        </Step>
      </Stepper>
      <Stack spacing={2}>
        {prefillDoc && <Alert severity="info">{t('new.prefilled', { nro: prefillDoc.nro })}</Alert>}
        <WithholdingHeaderCard
          initial={header}
          companies={companies.data ?? []}
          companiesLoading={companies.isPending}
          done={done}
          onSubmit={submitHeader}
        />
        {!done && <Alert severity="info">{t('new.fillHeader')}</Alert>}
        {done && kind && (
          <SectionCard title={`${t('new.detail')} · ${t(`models.${kind}`)}`}>
            {kind === 'IVA' ? (
              <IvaLineForm
                tasa={header.tasaRetencion}
                lines={ivaLines}
                onAdd={(values) => setLines((ls) => [...ls, { key: lineKey(), kind: 'IVA', values }])}
              />
            ) : (
              <IslrLineForm
                initial={islrInitial}
                context={{
                  id_localidad: header.id_localidad,
                  rifProveedor: header.rifProveedor,
                  acumuladoComprobante: tarifa2Base(lines, concepts.data ?? []),
                }}
                onAdd={(values) => setLines((ls) => [...ls, { key: lineKey(), kind: 'ISLR', values }])}
              />
            )}
          </SectionCard>
        )}
        {kind && (done || lines.length > 0) && (
          <WithholdingLinesCard
            kind={kind}
            lines={lines}
            tasa={header.tasaRetencion}
            onRemove={(line) => setLines((ls) => ls.filter((l) => l.key !== line.key))}
          />
        )}
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'flex-end' }}>
          <Typography data-testid="withholding-total">
            {t('new.total')}: {formatMoney(totalWithheld(lines, header.tasaRetencion), 'VES')}
          </Typography>
          <Button
            variant="contained"
            startIcon={<SendOutlined />}
            disabled={!ready}
            loading={send.isPending}
            onClick={() => send.mutate()}
          >
            {t('new.send')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
