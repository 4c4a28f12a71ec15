import './register.ts';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import Facebook from '@mui/icons-material/Facebook';
import Instagram from '@mui/icons-material/Instagram';
import LinkedIn from '@mui/icons-material/LinkedIn';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useMutation, useQuery } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import { type DragEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../app/api.ts';
import { translateMessage } from '../../app/i18n.ts';
import { formatDate, formatDateTime } from '../../components/format.ts';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import {
  DOCUMENT_SOURCES,
  type DocumentKind,
  isDocumentKind,
  loadPublicAnnulment,
  loadPublicDocument,
  VERIFY_MAX_BYTES,
  type VerifyAnswer,
  verifyDocument,
} from './documents.ts';

const NS = 'verification';

const isPdf = (file: File) => file.type === 'application/pdf' || /\.pdf$/i.test(file.name);

/**
 * /certificar/:id/:tipoDoc (spec 002 §2.12): anyone checks that a PDF is the one the digital printer
 * issued. Outside the protected layout: no login, no contract modal.
 */
export default function CertificarPage() {
  const { t } = useTranslation(NS);
  const { id = '', tipoDoc = '' } = useParams();
  const kind: DocumentKind | null = isDocumentKind(tipoDoc) ? tipoDoc : null;
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<VerifyAnswer | null>(null);

  useEffect(() => {
    document.title = `${t('title')} · ${t('app:appName')}`;
  }, [t]);

  const doc = useQuery({
    queryKey: ['verification', kind, id],
    queryFn: ({ signal }) => loadPublicDocument(kind as DocumentKind, id, signal),
    enabled: kind !== null && id !== '',
    retry: false,
    meta: { silent: true },
  });

  const annulment = useQuery({
    queryKey: ['verification', 'annulment', kind, id],
    queryFn: ({ signal }) => loadPublicAnnulment(kind as DocumentKind, id, signal),
    enabled: kind !== null && id !== '',
    retry: false,
    meta: { silent: true },
  });
  const annulled = annulment.data?.anulado ? annulment.data : null;

  const verify = useMutation({
    mutationFn: verifyDocument,
    meta: { silent: true },
    onSuccess: (answer) => setResult(answer),
  });

  const notFound = kind === null || (doc.error instanceof ApiError && doc.error.status === 404);
  const counterpart = kind ? DOCUMENT_SOURCES[kind].counterpart : 'client';
  const pendingPdf = doc.data !== undefined && !doc.data.checksum;

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <AppBar position="static" component="header">
        <Toolbar sx={{ gap: 2 }}>
          <VerifiedUserOutlined sx={{ display: { xs: 'none', sm: 'block' } }} />
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography variant="h6" component="div" noWrap sx={{ fontWeight: 700, lineHeight: 1.2 }}>
              {t('provider')}
            </Typography>
            <Typography variant="caption" component="div" noWrap sx={{ opacity: 0.85 }}>
              {t('app:productName')}
            </Typography>
          </Box>
          <LanguageSwitch color="inverse" />
        </Toolbar>
      </AppBar>

      <Container component="main" maxWidth="lg" sx={{ py: { xs: 2, md: 4 }, flex: 1 }}>
        <Typography
          variant="h4"
          component="h1"
          sx={{ fontWeight: 700, mb: 0.5, fontSize: { xs: 26, md: 32 } }}
        >
          {t('title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('subtitle')}
        </Typography>

        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 5 }}>
            <Paper variant="outlined" component="section" aria-labelledby="doc-data" sx={{ p: 2.5 }}>
              <Typography id="doc-data" variant="h6" component="h2" sx={{ mb: 2 }}>
                {t('data.title')}
              </Typography>
              {kind !== null && doc.isPending && <Typography role="status">{t('loading')}</Typography>}
              {notFound && <Alert severity="error">{t('data.notFound')}</Alert>}
              {doc.isError && !notFound && <Alert severity="error">{t('data.loadError')}</Alert>}
              {doc.data && (
                <DocumentPanel
                  rows={[
                    [t('data.rif'), doc.data.rif],
                    [t('data.razonSocial'), doc.data.razonSocial],
                    [
                      t('data.estatus'),
                      <StatusText key="estatus" kind={kind ?? 'fact'} value={doc.data.estatus} />,
                    ],
                    [t('data.checksum'), <ChecksumButton key="checksum" value={doc.data.checksum} />],
                    [t(`data.numero.${kind}`), doc.data.numero],
                    [t('data.control'), doc.data.control ?? '—'],
                    [t('data.fechaEmision'), formatDateTime(doc.data.fechaEmision) || '—'],
                    [t(`data.${counterpart}Rif`), doc.data.contraparteRif || '—'],
                    [t(`data.${counterpart}Nombre`), doc.data.contraparteNombre || '—'],
                  ]}
                />
              )}
            </Paper>
          </Grid>

          <Grid size={{ xs: 12, md: 7 }}>
            <Stack spacing={2}>
              <Alert severity="info" icon={<VerifiedUserOutlined />}>
                <Typography variant="body2" component="p" sx={{ fontWeight: 600, mb: 0.5 }}>
                  {t('legal.title')}
                </Typography>
                <Typography variant="body2" component="p">
                  {t('legal.text')}
                </Typography>
              </Alert>

              {pendingPdf && <Alert severity="warning">{t('data.notGenerated')}</Alert>}
              {annulled && result === null && <AnnulledNotice annulment={annulled} />}

              {result === null && (
                <DropZone
                  file={file}
                  disabled={!doc.data || pendingPdf || verify.isPending}
                  onFile={(f) => {
                    setFile(f);
                    verify.reset();
                  }}
                />
              )}

              {verify.isPending && (
                <Typography role="status" sx={{ textAlign: 'center' }}>
                  {t('loading')}
                </Typography>
              )}
              {verify.isError && (
                <Alert severity="error" role="alert">
                  {t('verify.error')}{' '}
                  {verify.error instanceof ApiError && verify.error.status > 0
                    ? translateMessage(verify.error.message)
                    : ''}
                </Alert>
              )}

              {result !== null &&
                (result.code === 200 && annulled ? (
                  <AnnulledNotice annulment={annulled} verified />
                ) : (
                  <ResultCard ok={result.code === 200} />
                ))}

              {result === null ? (
                <Button
                  variant="contained"
                  size="large"
                  disabled={!file || !doc.data || pendingPdf || verify.isPending}
                  onClick={() =>
                    file && kind && verify.mutate({ file, kind, id, checksum: doc.data?.checksum ?? null })
                  }
                >
                  {t('verify.button')}
                </Button>
              ) : (
                <Button
                  variant="outlined"
                  onClick={() => {
                    setResult(null);
                    setFile(null);
                    verify.reset();
                  }}
                >
                  {t('verify.again')}
                </Button>
              )}
            </Stack>
          </Grid>
        </Grid>

        <InfoSections />
      </Container>

      <Footer />
    </Box>
  );
}

function DocumentPanel({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(110px, max-content) 1fr' },
        columnGap: 2,
        rowGap: { xs: 0.25, sm: 1.25 },
        m: 0,
        '& > div > dd': { mb: { xs: 1, sm: 0 } },
      }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Box component="dd" sx={{ m: 0, typography: 'body2', fontWeight: 500, overflowWrap: 'anywhere' }}>
            {value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

function StatusText({ kind, value }: { kind: DocumentKind; value: string }) {
  const { t } = useTranslation(NS);
  const active = ['ACTIVO', 'Activa', 'Activo'].includes(value);
  const annulled = ['INACTIVO', 'Anulada', 'Anulado'].includes(value);
  return (
    <Typography
      component="span"
      variant="body2"
      sx={{ fontWeight: 600, color: active ? 'success.main' : annulled ? 'error.main' : 'text.primary' }}
    >
      {active ? t(`status.${kind}.active`) : annulled ? t(`status.${kind}.annulled`) : value}
    </Typography>
  );
}

/** The stored checksum; a click copies it to the clipboard. */
function ChecksumButton({ value }: { value: string | null }) {
  const { t } = useTranslation(NS);
  if (!value) return <>—</>;
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(value);
      enqueueSnackbar(t('checksum.copied'), { variant: 'success' });
    } catch {
      enqueueSnackbar(t('checksum.copyFailed'), { variant: 'error' });
    }
  };
  return (
    <Tooltip title={t('checksum.copy')}>
      <Button
        size="small"
        onClick={() => void copy()}
        endIcon={<ContentCopyOutlined fontSize="small" />}
        aria-label={t('checksum.copyLabel', { value })}
        data-testid="checksum"
        sx={{
          textTransform: 'none',
          fontFamily: 'monospace',
          fontSize: 12,
          p: 0.5,
          minWidth: 0,
          textAlign: 'left',
          wordBreak: 'break-all',
          justifyContent: 'flex-start',
        }}
      >
        {value}
      </Button>
    </Tooltip>
  );
}

/** Single PDF, by drop or by picking; a preview on wide screens, the file name on phones. */
function DropZone({
  file,
  disabled,
  onFile,
}: {
  file: File | null;
  disabled: boolean;
  onFile: (file: File | null) => void;
}) {
  const { t } = useTranslation(NS);
  const theme = useTheme();
  const mobile = useMediaQuery(theme.breakpoints.down('sm'));
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [over, setOver] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const preview = useMemo(() => (file && !mobile ? URL.createObjectURL(file) : null), [file, mobile]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const accept = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    if (files.length > 1) {
      setError(t('drop.single'));
      return;
    }
    const picked = files[0];
    if (!isPdf(picked)) {
      setError(t('drop.pdfOnly'));
      onFile(null);
      return;
    }
    if (picked.size > VERIFY_MAX_BYTES) {
      setError(t('drop.tooLarge'));
      onFile(null);
      return;
    }
    setError(null);
    onFile(picked);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) accept(event.dataTransfer.files);
  };

  return (
    <Box>
      <Box
        component="label"
        htmlFor={inputId}
        onDragOver={(e: DragEvent) => {
          e.preventDefault();
          if (!disabled) setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid="drop-zone"
        sx={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          gap: 1,
          p: 3,
          minHeight: 160,
          border: 2,
          borderStyle: 'dashed',
          borderRadius: 2,
          borderColor: over ? 'primary.main' : error ? 'error.main' : 'divider',
          bgcolor: over ? 'action.hover' : 'background.paper',
          cursor: disabled ? 'not-allowed' : 'pointer',
          opacity: disabled ? 0.6 : 1,
          textAlign: 'center',
        }}
      >
        <CloudUploadOutlined color="primary" sx={{ fontSize: 40 }} />
        <Typography sx={{ fontWeight: 600 }}>{t('drop.title')}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('drop.hint')}
        </Typography>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept="application/pdf,.pdf"
          hidden
          disabled={disabled}
          aria-label={t('drop.input')}
          onChange={(e) => {
            accept(e.target.files);
            e.target.value = '';
          }}
        />
      </Box>
      {error && (
        <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
          {error}
        </Typography>
      )}
      {file && (
        <Stack direction="row" spacing={1} sx={{ mt: 1.5, alignItems: 'center' }}>
          <PictureAsPdfOutlined color="error" />
          <Typography variant="body2" data-testid="selected-file" sx={{ overflowWrap: 'anywhere' }}>
            {file.name}
          </Typography>
        </Stack>
      )}
      {preview && (
        <Box
          component="iframe"
          title={t('drop.preview')}
          src={preview}
          sx={{ mt: 1.5, width: '100%', height: 360, border: 1, borderColor: 'divider', borderRadius: 1 }}
        />
      )}
    </Box>
  );
}

/**
 * The annulled state: distinct from the green card, whether the file was checked yet or
 * not. 'Documento anulado el dd/MM/yyyy', the reason when one was given, and what it means.
 */
function AnnulledNotice({
  annulment,
  verified = false,
}: {
  annulment: { fechaAnulacion: string | null; motivoAnulacion: string | null };
  verified?: boolean;
}) {
  const { t } = useTranslation(NS);
  return (
    <Card role="status" data-testid="result-annulled" sx={{ bgcolor: 'warning.dark', color: '#fff' }}>
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <WarningAmberOutlined sx={{ fontSize: 48 }} />
          <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
            {t('annulled.title', { date: formatDate(annulment.fechaAnulacion) })}
          </Typography>
        </Stack>
        {annulment.motivoAnulacion && (
          <Typography variant="subtitle1" component="p" sx={{ mt: 1 }}>
            {t('annulled.reason', { reason: annulment.motivoAnulacion })}
          </Typography>
        )}
        <Typography variant="body2" sx={{ mt: 1.5 }}>
          {verified ? t('annulled.verified') : t('annulled.detail')}
        </Typography>
      </CardContent>
    </Card>
  );
}

function ResultCard({ ok }: { ok: boolean }) {
  const { t } = useTranslation(NS);
  return (
    <Card
      role="status"
      data-testid={ok ? 'result-ok' : 'result-warning'}
      sx={{
        bgcolor: ok ? 'success.main' : 'error.main',
        color: '#fff',
      }}
    >
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          {ok ? (
            <CheckCircleOutlined sx={{ fontSize: 48 }} />
          ) : (
            <WarningAmberOutlined sx={{ fontSize: 48 }} />
          )}
          <Box>
            <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
              {ok ? t('result.okTitle') : t('result.warningTitle')}
            </Typography>
            <Typography variant="subtitle1" component="p">
              {ok ? t('result.okText') : t('result.warningText')}
            </Typography>
          </Box>
        </Stack>
        {!ok && (
          <Typography variant="body2" sx={{ mt: 1.5 }}>
            {t('result.warningDetail')}
          </Typography>
        )}
        {ok && (
          <Typography variant="body2" sx={{ mt: 1.5 }}>
            {t('result.okDetail')}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

function InfoSections() {
  const { t } = useTranslation(NS);
  const products = ['facturas', 'notas', 'ordenes', 'retenciones'] as const;
  return (
    <Grid container spacing={3} sx={{ mt: 4 }}>
      <Grid size={{ xs: 12, md: 4 }}>
        <Box component="section" aria-labelledby="service-title">
          <Typography id="service-title" variant="h6" component="h2" gutterBottom>
            {t('service.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('service.text')}
          </Typography>
        </Box>
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <Box component="section" aria-labelledby="products-title">
          <Typography id="products-title" variant="h6" component="h2" gutterBottom>
            {t('products.title')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {products.map((p) => (
              <Typography key={p} component="li" variant="body2" color="text.secondary">
                {t(`products.${p}`)}
              </Typography>
            ))}
          </Box>
        </Box>
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <Box component="section" aria-labelledby="contact-title">
          <Typography id="contact-title" variant="h6" component="h2" gutterBottom>
            {t('contact.title')}
          </Typography>
          <Stack spacing={1}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <EmailOutlined fontSize="small" color="action" />
              <Link href={`mailto:${t('contact.email')}`} variant="body2">
                {t('contact.email')}
              </Link>
            </Stack>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <PhoneOutlined fontSize="small" color="action" />
              <Typography variant="body2">{t('contact.phone')}</Typography>
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {t('contact.hours')}
            </Typography>
          </Stack>
        </Box>
      </Grid>
    </Grid>
  );
}

function Footer() {
  const { t } = useTranslation(NS);
  const social = [
    { key: 'facebook', href: 'https://www.facebook.com/', icon: <Facebook /> },
    { key: 'instagram', href: 'https://www.instagram.com/', icon: <Instagram /> },
    { key: 'linkedin', href: 'https://www.linkedin.com/', icon: <LinkedIn /> },
  ];
  return (
    <Box component="footer" sx={{ bgcolor: 'primary.main', color: '#fff', mt: 4, py: 2 }}>
      <Container maxWidth="lg">
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: 'center', justifyContent: 'space-between' }}
        >
          <Typography variant="body2">
            © {new Date().getFullYear()} {t('provider')} · {t('footer.rights')}
          </Typography>
          <Stack direction="row" spacing={0.5} component="nav" aria-label={t('footer.social')}>
            {social.map((s) => (
              <IconButton
                key={s.key}
                component="a"
                href={s.href}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t(`footer.${s.key}`)}
                sx={{ color: '#fff' }}
              >
                {s.icon}
              </IconButton>
            ))}
          </Stack>
        </Stack>
      </Container>
    </Box>
  );
}
