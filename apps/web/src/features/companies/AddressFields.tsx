import Grid from '@mui/material/Grid';
import { PHONE_EXAMPLE } from '@sigece/fiscal';
import {
  type Control,
  type FieldValues,
  type Path,
  type PathValue,
  type UseFormSetValue,
  useController,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldMessage } from '../../app/forms.ts';
import { FormTextField } from '../../components/form/index.ts';
import { PlaceFields, phoneMask } from './PlaceFields.tsx';

/** The address a company and a branch both carry, under these form field names. */
export interface AddressValues {
  id_estado: string;
  id_municipio: string;
  direccion: string;
  telefono: string;
  correo: string;
}

interface Props<V extends AddressValues & FieldValues> {
  control: Control<V>;
  setValue: UseFormSetValue<V>;
  /** Whose labels ('companies.fields.…' or 'branches.fields.…'). */
  labels: 'companies' | 'branches';
  /** Under the phone when it has no error (the branch form shows 'ej: (212) 5551234'). */
  phoneHint?: string;
}

/**
 * Estado, municipio, dirección, teléfono and correo of the company and branch forms (spec 000 §5), written
 * once: Grid items for the form's Grid container. The phone is masked '(###) #######' as it is typed.
 */
export function AddressFields<V extends AddressValues & FieldValues>({
  control,
  setValue,
  labels,
  phoneHint,
}: Props<V>) {
  const { t } = useTranslation('companies');
  // The names are fixed by AddressValues; react-hook-form cannot see that through the generic V.
  const name = (field: keyof AddressValues) => field as Path<V>;
  const estado = useController({ control, name: name('id_estado') });
  const municipio = useController({ control, name: name('id_municipio') });
  // Like the forms did before: a place re-validates on change only while it shows an error.
  const setPlace = (field: 'id_estado' | 'id_municipio', error: unknown) => (id: string) =>
    setValue(name(field), id as PathValue<V, Path<V>>, { shouldValidate: !!error });
  return (
    <>
      <PlaceFields
        estado={estado.field.value}
        municipio={municipio.field.value}
        onEstado={setPlace('id_estado', estado.fieldState.error)}
        onMunicipio={setPlace('id_municipio', municipio.fieldState.error)}
        estadoError={fieldMessage(estado.fieldState.error?.message)}
        municipioError={fieldMessage(municipio.fieldState.error?.message)}
        estadoLabel={t(`${labels}.fields.estado`)}
        municipioLabel={t(`${labels}.fields.municipio`)}
      />
      <Grid size={12}>
        <FormTextField<V>
          control={control}
          name={name('direccion')}
          required
          label={t(`${labels}.fields.direccion`)}
          textFieldProps={{ multiline: true, minRows: 2 }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField<V>
          control={control}
          name={name('telefono')}
          required
          label={t(`${labels}.fields.telefono`)}
          mask={phoneMask}
          helperText={phoneHint}
          textFieldProps={{ type: 'tel', placeholder: PHONE_EXAMPLE }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField<V>
          control={control}
          name={name('correo')}
          required
          label={t(`${labels}.fields.correo`)}
          textFieldProps={{ type: 'email' }}
        />
      </Grid>
    </>
  );
}
