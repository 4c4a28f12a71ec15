import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { clientSchema } from '@sigece/fiscal';
import { useMutation } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, fieldMessage, schemaResolver } from '../../app/forms.ts';
import { FormDialog } from '../FormDialog.tsx';
import { DocumentNumberField } from '../form/index.ts';
import {
  CLIENT_DOCUMENT_DIGITS,
  CLIENT_DOCUMENT_TYPES,
  type Client,
  type ClientBody,
  clientDocumentMask,
  createClient,
  PROVIDER_TYPES,
  phoneMask,
  updateClient,
} from './api.ts';
import { CLIENT_NS } from './i18n.ts';

interface ClientForm {
  id_localidad: string;
  tipoDocumento: string;
  numeroDocumento: string;
  identificacion: string;
  correo: string;
  ccCorreo?: string;
  direccion: string;
  telefonoMovil: string;
  telefonoHabitacion?: string;
  contribuyenteEspecial: boolean;
  tipoProveedor: string;
}

const FIELDS = [
  'id_localidad',
  'tipoDocumento',
  'numeroDocumento',
  'identificacion',
  'correo',
  'ccCorreo',
  'direccion',
  'telefonoMovil',
  'telefonoHabitacion',
  'contribuyenteEspecial',
  'tipoProveedor',
];

export interface CompanyOption {
  id: string;
  nombre: string;
}

export interface ClientFormDialogProps {
  /** The client being edited; absent for a new one. */
  client?: Client;
  /** A fixed company (the picker's); without it the form shows a company select over `companies`. */
  localidadId?: string;
  companies?: CompanyOption[];
  /** Prefill of a new client's document number (what was typed in the picker). */
  initialDocument?: string;
  onClose: () => void;
  onSaved: (client: Client, message: string) => void;
}

/** New client and edit client (spec 002 §5 "Client", 001 §5): the rules of the shared clientSchema. */
export function ClientFormDialog({
  client,
  localidadId,
  companies,
  initialDocument,
  onClose,
  onSaved,
}: ClientFormDialogProps) {
  const { t } = useTranslation(CLIENT_NS);
  const editing = client !== undefined;
  const fixedCompany = editing || !!localidadId;
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ClientForm>({
    resolver: schemaResolver<ClientForm>(clientSchema),
    defaultValues: {
      id_localidad: client?.id_localidad ?? localidadId ?? '',
      tipoDocumento: client?.tipoDocumento ?? '',
      numeroDocumento: client?.numeroDocumento ?? clientDocumentMask(initialDocument ?? ''),
      identificacion: client?.identificacion ?? '',
      correo: client?.correo ?? '',
      ccCorreo: client?.ccCorreo ?? '',
      direccion: client?.direccion ?? '',
      telefonoMovil: client?.telefonoMovil ?? '',
      telefonoHabitacion: client?.telefonoHabitacion ?? '',
      contribuyenteEspecial: client?.contribuyenteEspecial ?? false,
      tipoProveedor: client?.tipoProveedor ?? 'PNR',
    },
  });

  // The resolver hands over the schema's output: empty optional fields arrive undefined.
  const save = useMutation({
    mutationFn: (values: ClientForm) => {
      const body: ClientBody = {
        id_localidad: values.id_localidad,
        // The form's selects offer only clientSchema's document and provider types.
        tipoDocumento: values.tipoDocumento as ClientBody['tipoDocumento'],
        numeroDocumento: values.numeroDocumento,
        identificacion: values.identificacion.trim(),
        correo: values.correo.trim(),
        ccCorreo: values.ccCorreo?.trim() || undefined,
        direccion: values.direccion.trim(),
        telefonoMovil: values.telefonoMovil,
        telefonoHabitacion: values.telefonoHabitacion?.trim() || undefined,
        contribuyenteEspecial: values.contribuyenteEspecial,
        tipoProveedor: (values.tipoProveedor || 'PNR') as ClientBody['tipoProveedor'],
      };
      return client ? updateClient(client.id, body) : createClient(body);
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await save.mutateAsync(values);
      onSaved(answer.result, answer.message);
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
    }
  });

  const companyList = companies ?? [];

  return (
    <FormDialog
      open
      title={editing ? t('editTitle') : t('addTitle')}
      onSubmit={onSubmit}
      onClose={onClose}
      submitting={save.isPending}
      maxWidth="md"
    >
      <Grid container spacing={2}>
        {!fixedCompany && (
          <Grid size={12}>
            <Controller
              name="id_localidad"
              control={control}
              render={({ field }) => (
                <TextField
                  {...field}
                  select
                  required
                  label={t('fields.id_localidad')}
                  error={!!errors.id_localidad}
                  helperText={
                    fieldMessage(errors.id_localidad?.message) ??
                    (companies && companyList.length === 0 ? t('noCompanies') : undefined)
                  }
                  slotProps={{ htmlInput: { 'data-testid': 'client-company' } }}
                >
                  {companyList.map((c) => (
                    <MenuItem key={c.id} value={c.id}>
                      {c.nombre}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Grid>
        )}
        <DocumentNumberField<ClientForm>
          control={control}
          types={CLIENT_DOCUMENT_TYPES}
          typeLabel={t('fields.tipoDocumento')}
          typeOptionLabel={(type) => t(`documentTypes.${type}`)}
          numberLabel={t('fields.numeroDocumento')}
          maxDigits={CLIENT_DOCUMENT_DIGITS}
          typeSize={{ xs: 12, sm: 4 }}
          numberSize={{ xs: 12, sm: 8 }}
        />
        <Grid size={12}>
          <TextField
            {...register('identificacion')}
            required
            label={t('fields.identificacion')}
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: 120 } }}
            error={!!errors.identificacion}
            helperText={fieldMessage(errors.identificacion?.message)}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            {...register('correo')}
            required
            type="email"
            autoComplete="off"
            label={t('fields.correo')}
            error={!!errors.correo}
            helperText={fieldMessage(errors.correo?.message)}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            {...register('ccCorreo')}
            type="email"
            autoComplete="off"
            label={t('fields.ccCorreo')}
            error={!!errors.ccCorreo}
            helperText={fieldMessage(errors.ccCorreo?.message)}
          />
        </Grid>
        <Grid size={12}>
          <TextField
            {...register('direccion')}
            required
            multiline
            minRows={2}
            label={t('fields.direccion')}
            error={!!errors.direccion}
            helperText={fieldMessage(errors.direccion?.message)}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            name="telefonoMovil"
            control={control}
            render={({ field }) => (
              <TextField
                {...field}
                onChange={(e) => field.onChange(phoneMask(e.target.value))}
                required
                label={t('fields.telefonoMovil')}
                placeholder="(###) #######"
                slotProps={{ htmlInput: { inputMode: 'tel' } }}
                error={!!errors.telefonoMovil}
                helperText={fieldMessage(errors.telefonoMovil?.message)}
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            name="telefonoHabitacion"
            control={control}
            render={({ field }) => (
              <TextField
                {...field}
                onChange={(e) => field.onChange(phoneMask(e.target.value))}
                label={t('fields.telefonoHabitacion')}
                placeholder="(###) #######"
                slotProps={{ htmlInput: { inputMode: 'tel' } }}
                error={!!errors.telefonoHabitacion}
                helperText={fieldMessage(errors.telefonoHabitacion?.message)}
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            name="tipoProveedor"
            control={control}
            render={({ field }) => (
              <TextField {...field} select label={t('fields.tipoProveedor')}>
                {PROVIDER_TYPES.map((type) => (
                  <MenuItem key={type} value={type}>
                    {t(`providerTypes.${type}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            name="contribuyenteEspecial"
            control={control}
            render={({ field }) => (
              <FormControlLabel
                control={
                  <Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />
                }
                label={t('fields.contribuyenteEspecial')}
              />
            )}
          />
        </Grid>
      </Grid>
    </FormDialog>
  );
}
