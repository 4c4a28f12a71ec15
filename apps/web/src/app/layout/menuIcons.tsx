import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import BuildOutlined from '@mui/icons-material/BuildOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import RequestQuoteOutlined from '@mui/icons-material/RequestQuoteOutlined';
import SecurityOutlined from '@mui/icons-material/SecurityOutlined';
import type { ReactNode } from 'react';

const ICONS: Record<string, ReactNode> = {
  home: <HomeOutlined fontSize="small" />,
  portalSeniat: <AccountBalanceOutlined fontSize="small" />,
  gestion: <ReceiptLongOutlined fontSize="small" />,
  reportes: <AssessmentOutlined fontSize="small" />,
  retenciones: <RequestQuoteOutlined fontSize="small" />,
  mantenimiento: <BuildOutlined fontSize="small" />,
  seguridad: <SecurityOutlined fontSize="small" />,
};

export const menuIcon = (key: string): ReactNode => ICONS[key] ?? null;
