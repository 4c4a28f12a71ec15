import { useTranslation } from 'react-i18next';
import { WithholdingNumbersPanel } from '../numbering/WithholdingNumbersPanel.tsx';
import { type Company, setCompanyEmail, setCompanyWatermark } from './api.ts';
import { ParamsDialog } from './ParamsDialog.tsx';

interface Props {
  company: Company;
  onClose: () => void;
  onChanged: (company: Company) => void;
}

/**
 * Company parameters (spec 000 §2): invoice e-mail sending, watermark, automatic invoice numbers and
 * automatic withholding numbers; Cerrar. Each change answers 'Parametros actualizados con exito !!!'.
 */
export function CompanyParamsDialog({ company, onClose, onChanged }: Props) {
  const { t } = useTranslation('companies');
  return (
    <ParamsDialog
      record={company}
      tipo="Localidad"
      title={t('companies.params.title')}
      heading={t('companies.params.company', { name: company.nombre })}
      inactiveMessage={t('companies.params.inactive')}
      setEmail={(on) => setCompanyEmail(company.id, on)}
      setWatermark={(on) => setCompanyWatermark(company.id, on)}
      onChanged={onChanged}
      onClose={onClose}
      after={(disabled) => <WithholdingNumbersPanel companyId={company.id} disabled={disabled} />}
    />
  );
}
