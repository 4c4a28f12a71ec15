import { createTheme } from '@mui/material/styles';

/** Spec 000 §9: table header colour #085c9f. */
export const TABLE_HEADER_COLOR = '#085c9f';

export const theme = createTheme({
  palette: {
    primary: { main: TABLE_HEADER_COLOR },
    secondary: { main: '#f39200' },
    background: { default: '#f4f6f9' },
  },
  typography: {
    fontFamily: '"Roboto", "Segoe UI", "Helvetica Neue", Arial, sans-serif',
  },
  shape: { borderRadius: 6 },
  components: {
    MuiTableCell: {
      styleOverrides: {
        head: { backgroundColor: TABLE_HEADER_COLOR, color: '#fff', fontWeight: 600 },
      },
    },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiTextField: { defaultProps: { size: 'small', fullWidth: true } },
  },
});
