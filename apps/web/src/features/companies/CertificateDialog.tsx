import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CERTIFICATE_MAX_BYTES, COMPANY_MESSAGES, certificateFormSchema } from '@sigece/fiscal';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../app/api.ts';
import { applyServerErrors, fieldMessage, schemaResolver } from '../../app/forms.ts';
import { translateMessage } from '../../app/i18n.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { formatDate } from '../../components/format.ts';
import { PasswordField } from '../../components/PasswordField.tsx';
import { type Certificate, type Company, uploadCertificate } from './api.ts';
import { FileField } from './FileField.tsx';

interface CertificateForm {
  keyStoreAlias: string;
  keyStorePassword: string;
  repeatPassword: string;
}

const FIELDS = ['keyStoreAlias', 'keyStorePassword', 'repeatPassword'];

interface Props {
  company: Company;
  onClose: () => void;
  onSaved: (certificate: Certificate, message: string) => void;
}

/**
 * Digital certificate (spec 000 §2, §5, §7): alias, password twice, a .p12/.pfx file of at most 200000
 * bytes; multipart PUT uploadcertificado/{id}. A wrong password shows the server's message here too.
 */
export function CertificateDialog({ company, onClose, onSaved }: Props) {
  const { t } = useTranslation('companies');
  const [file, setFile] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CertificateForm>({
    resolver: schemaResolver<CertificateForm>(certificateFormSchema),
    defaultValues: { keyStoreAlias: '', keyStorePassword: '', repeatPassword: '' },
  });

  const choose = (chosen: File | null) => {
    setFile(null);
    setServerError(null);
    if (!chosen) return setFileProblem(COMPANY_MESSAGES.certificateRequired);
    if (chosen.size > CERTIFICATE_MAX_BYTES) return setFileProblem(COMPANY_MESSAGES.fileTooHeavy);
    setFileProblem(null);
    setFile(chosen);
  };

  const upload = useMutation({
    mutationFn: (values: CertificateForm & { file: File }) =>
      uploadCertificate(company.id, {
        file: values.file,
        keyStoreAlias: values.keyStoreAlias,
        keyStorePassword: values.keyStorePassword,
      }),
  });

  const checkFile = () => {
    if (!file && !fileProblem) setFileProblem(COMPANY_MESSAGES.certificateRequired);
  };

  const onSubmit = handleSubmit(
    async (values) => {
      checkFile();
      if (!file || fileProblem) return;
      setServerError(null);
      try {
        const answer = await upload.mutateAsync({ ...values, file });
        onSaved(answer.result, answer.message);
      } catch (error) {
        const placed = applyServerErrors(error, setError, FIELDS);
        if (!placed && error instanceof ApiError && error.status === 400) setServerError(error.message);
      }
    },
    () => checkFile(),
  );

  const current = company.certificado;

  return (
    <FormDialog
      open
      title={t('companies.certificate.title')}
      onSubmit={onSubmit}
      onClose={onClose}
      submitting={upload.isPending}
    >
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          {t('companies.certificate.company', { name: company.nombre })}
        </Typography>
        {current && (
          <Alert severity="info" variant="outlined">
            {t('companies.certificate.current', {
              subject: current.subject,
              date: formatDate(current.validTo),
            })}{' '}
            {t('companies.certificate.replaces')}
          </Alert>
        )}
        <TextField
          {...register('keyStoreAlias')}
          required
          autoComplete="off"
          label={t('companies.certificate.alias')}
          error={!!errors.keyStoreAlias}
          helperText={fieldMessage(errors.keyStoreAlias?.message)}
        />
        <PasswordField
          {...register('keyStorePassword')}
          required
          autoComplete="new-password"
          label={t('companies.certificate.password')}
          error={!!errors.keyStorePassword}
          helperText={fieldMessage(errors.keyStorePassword?.message)}
        />
        <PasswordField
          {...register('repeatPassword')}
          required
          autoComplete="new-password"
          label={t('companies.certificate.repeatPassword')}
          error={!!errors.repeatPassword}
          helperText={fieldMessage(errors.repeatPassword?.message)}
        />
        <FileField
          label={t('companies.certificate.file')}
          required
          buttonLabel={t('companies.certificate.choose')}
          accept=".p12,.pfx,application/x-pkcs12"
          fileName={file?.name}
          emptyText={t('companies.hints.noFile')}
          hint={t('companies.certificate.hint')}
          error={fieldMessage(fileProblem)}
          onFile={choose}
        />
        {serverError && (
          <Alert severity="error" role="alert">
            {translateMessage(serverError)}
          </Alert>
        )}
      </Stack>
    </FormDialog>
  );
}
