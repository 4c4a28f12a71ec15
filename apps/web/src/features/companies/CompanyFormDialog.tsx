import Avatar from '@mui/material/Avatar';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  COMPANY_DOCUMENT_TYPES,
  COMPANY_MESSAGES,
  companyCreateSchema,
  companyUpdateSchema,
  LOGO_MAX_BYTES,
  PROVIDER_TYPES,
} from '@sigece/fiscal';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, fieldMessage, schemaResolver } from '../../app/forms.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { DocumentNumberField } from '../../components/form/index.ts';
import { AddressFields } from './AddressFields.tsx';
import { type Company, type CompanyBody, createCompany, logoUrl, updateCompany } from './api.ts';
import { FileField } from './FileField.tsx';
import { isJpeg, isPng, readFile } from './files.ts';

interface CompanyForm {
  tipoDocumento: string;
  numeroDocumento: string;
  nombre: string;
  id_estado: string;
  id_municipio: string;
  direccion: string;
  telefono: string;
  correo: string;
  tipoProveedor: string;
  contribuyenteEspecial: string;
  aerolinea: string;
  logo: string;
  base64Sello: string;
}

const FIELDS = [
  'tipoDocumento',
  'numeroDocumento',
  'nombre',
  'id_estado',
  'id_municipio',
  'direccion',
  'telefono',
  'correo',
  'tipoProveedor',
  'contribuyenteEspecial',
  'aerolinea',
  'logo',
  'base64Sello',
];

/** Spec 000 §5, §9: the document number input takes 9 digits. */
const DOCUMENT_DIGITS = 9;

interface Props {
  company?: Company;
  onClose: () => void;
  onSaved: (company: Company, message: string) => void;
}

interface Chosen {
  name: string;
  preview: string;
}

/**
 * Create and edit company (spec 000 §2, §5): logo JPG of at most 200000 bytes as base64 in `logo`,
 * company stamp PNG in `base64Sello`; states and municipalities from the catalogs.
 */
export function CompanyFormDialog({ company, onClose, onSaved }: Props) {
  const { t } = useTranslation('companies');
  const editing = company !== undefined;
  const [logo, setLogo] = useState<Chosen | null>(null);
  const [logoProblem, setLogoProblem] = useState<string | null>(null);
  const [sello, setSello] = useState<Chosen | null>(null);
  const [selloProblem, setSelloProblem] = useState<string | null>(null);

  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    clearErrors,
    formState: { errors },
  } = useForm<CompanyForm>({
    resolver: schemaResolver<CompanyForm>(editing ? companyUpdateSchema : companyCreateSchema),
    defaultValues: {
      tipoDocumento: company?.tipoDocumento ?? 'J',
      numeroDocumento: company?.numeroDocumento ?? '',
      nombre: company?.nombre ?? '',
      id_estado: company?.id_estado ?? '',
      id_municipio: company?.id_municipio ?? '',
      direccion: company?.direccion ?? '',
      telefono: company?.telefono ?? '',
      correo: company?.correo ?? '',
      tipoProveedor: company?.tipoProveedor ?? '',
      contribuyenteEspecial: company ? String(company.contribuyenteEspecial) : '',
      aerolinea: company ? String(company.aerolinea) : '',
      logo: '',
      base64Sello: '',
    },
  });

  const chooseLogo = async (file: File | null) => {
    setLogo(null);
    setValue('logo', '');
    if (!file) return;
    const { bytes, base64 } = await readFile(file);
    if (!isJpeg(bytes)) return setLogoProblem(COMPANY_MESSAGES.logoJpgOnly);
    if (bytes.length > LOGO_MAX_BYTES) return setLogoProblem(COMPANY_MESSAGES.fileTooHeavy);
    setLogoProblem(null);
    clearErrors('logo');
    setValue('logo', base64);
    setLogo({ name: file.name, preview: `data:image/jpeg;base64,${base64}` });
  };

  const chooseSello = async (file: File | null) => {
    setSello(null);
    setValue('base64Sello', '');
    if (!file) return;
    const { bytes, base64 } = await readFile(file);
    if (!isPng(bytes)) return setSelloProblem(COMPANY_MESSAGES.stampPngOnly);
    if (bytes.length > LOGO_MAX_BYTES) return setSelloProblem(COMPANY_MESSAGES.fileTooHeavy);
    setSelloProblem(null);
    clearErrors('base64Sello');
    setValue('base64Sello', base64);
    setSello({ name: file.name, preview: `data:image/png;base64,${base64}` });
  };

  const save = useMutation({
    mutationFn: (body: CompanyBody) => (company ? updateCompany(company.id, body) : createCompany(body)),
  });

  const onSubmit = handleSubmit(async (values) => {
    // A rejected file keeps its message: nothing is sent until it is replaced.
    if (logoProblem || selloProblem) return;
    const parsed = values as unknown as CompanyBody;
    const body: CompanyBody = {
      ...parsed,
      logo: values.logo || undefined,
      base64Sello: values.base64Sello || undefined,
    };
    try {
      const answer = await save.mutateAsync(body);
      onSaved(answer.result, answer.message);
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
    }
  });

  const currentLogo = company ? logoUrl(company) : null;
  const logoError = fieldMessage(logoProblem) ?? fieldMessage(errors.logo?.message);
  const selloError = fieldMessage(selloProblem) ?? fieldMessage(errors.base64Sello?.message);

  const yesNo = (name: 'contribuyenteEspecial' | 'aerolinea', label: string) => (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <TextField
          {...field}
          select
          required
          label={label}
          error={!!errors[name]}
          helperText={fieldMessage(errors[name]?.message)}
        >
          <MenuItem value="true">{t('companies.yes')}</MenuItem>
          <MenuItem value="false">{t('companies.no')}</MenuItem>
        </TextField>
      )}
    />
  );

  return (
    <FormDialog
      open
      title={editing ? t('companies.editTitle') : t('companies.addTitle')}
      onSubmit={onSubmit}
      onClose={onClose}
      submitting={save.isPending}
      submitLabel={editing ? t('companies.modify') : undefined}
      maxWidth="md"
    >
      <Grid container spacing={2}>
        <DocumentNumberField<CompanyForm>
          control={control}
          types={COMPANY_DOCUMENT_TYPES}
          typeLabel={t('companies.fields.tipoDocumento')}
          typeOptionLabel={(type) => t(`companies.documentTypes.${type}`)}
          numberLabel={t('companies.fields.numeroDocumento')}
          maxDigits={DOCUMENT_DIGITS}
          placeholder="000000000"
          numberHelper={t('companies.hints.numeroDocumento')}
        />
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            {...register('nombre')}
            required
            label={t('companies.fields.nombre')}
            error={!!errors.nombre}
            helperText={fieldMessage(errors.nombre?.message)}
          />
        </Grid>
        <AddressFields<CompanyForm> control={control} setValue={setValue} labels="companies" />
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            name="tipoProveedor"
            control={control}
            render={({ field }) => (
              <TextField
                {...field}
                select
                required
                label={t('companies.fields.tipoProveedor')}
                error={!!errors.tipoProveedor}
                helperText={fieldMessage(errors.tipoProveedor?.message)}
              >
                {PROVIDER_TYPES.map((type) => (
                  <MenuItem key={type} value={type}>
                    {t(`companies.providerTypes.${type}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Grid>
        <Grid size={{ xs: 6, sm: 3 }}>
          {yesNo('contribuyenteEspecial', t('companies.fields.contribuyenteEspecial'))}
        </Grid>
        <Grid size={{ xs: 6, sm: 3 }}>{yesNo('aerolinea', t('companies.fields.aerolinea'))}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FileField
            label={t('companies.fields.logo')}
            required={!editing}
            buttonLabel={editing ? t('companies.hints.changeLogo') : t('companies.hints.chooseLogo')}
            accept=".jpg,.jpeg,image/jpeg"
            fileName={logo?.name}
            emptyText={t('companies.hints.noFile')}
            hint={t('companies.hints.logo')}
            error={logoError}
            preview={
              (logo?.preview ?? currentLogo) && (
                <Avatar
                  variant="rounded"
                  src={logo?.preview ?? currentLogo ?? undefined}
                  alt={t('companies.logoAlt', { name: company?.nombre ?? '' })}
                  sx={{ width: 48, height: 48 }}
                />
              )
            }
            onFile={(file) => void chooseLogo(file)}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FileField
            label={t('companies.fields.sello')}
            buttonLabel={
              company?.tieneSello || sello
                ? t('companies.hints.changeSello')
                : t('companies.hints.chooseSello')
            }
            accept=".png,image/png"
            fileName={sello?.name ?? (company?.tieneSello ? t('companies.hints.currentSello') : null)}
            emptyText={t('companies.hints.noFile')}
            hint={t('companies.hints.sello')}
            error={selloError}
            preview={
              sello && <Avatar variant="rounded" src={sello.preview} alt="" sx={{ width: 48, height: 48 }} />
            }
            onFile={(file) => void chooseSello(file)}
          />
        </Grid>
      </Grid>
    </FormDialog>
  );
}
